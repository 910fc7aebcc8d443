import { ValidationCodeType } from '@smartlock/contract';
import { Checkbox, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useConsole } from '../../app/context';
import { useSubmission } from '../../ui/useSubmission';
import { accountOf } from './AccountField';
import { AuthForm } from './AuthForm';
import { register } from './authApi';
import { CodeAndPasswordFields } from './CodeAndPasswordFields';

/** Registration: account, validation code, password twice, the agreement. */
export default function RegisterPage() {
  const { t } = useTranslation();
  const { api } = useConsole();
  const [form] = Form.useForm();
  const navigate = useNavigate();
  const { error, busy, run } = useSubmission();

  async function submit(values: { password: string; validationCode: string; agreement: boolean }) {
    await run(async () => {
      await register(api, {
        ...accountOf(form),
        password: values.password,
        validationCode: values.validationCode,
        agreement: values.agreement,
      });
      navigate('/registSuccess', { replace: true, state: { account: accountOf(form).account } });
    });
  }

  return (
    <AuthForm
      name="register"
      title={t('auth.registerTitle')}
      form={form}
      onFinish={submit}
      submitLabel={t('auth.register')}
      busy={busy}
      error={error}
      footer={
        <div style={{ marginTop: 16, textAlign: 'center' }}>
          <Link to="/login">{t('auth.haveAccount')}</Link>
        </div>
      }
    >
      <CodeAndPasswordFields form={form} codeType={ValidationCodeType.register} passwordLabel={t('auth.password')} />
      <Form.Item
        name="agreement"
        valuePropName="checked"
        rules={[
          {
            validator: async (_r, value) =>
              value ? undefined : Promise.reject(new Error(t('errors.agreementNotTicked'))),
          },
        ]}
      >
        <Checkbox data-testid="agreement">{t('auth.agreement')}</Checkbox>
      </Form.Item>
    </AuthForm>
  );
}
