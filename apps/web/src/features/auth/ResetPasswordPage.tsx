import { ValidationCodeType } from '@smartlock/contract';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useConsole } from '../../app/context';
import { useSubmission } from '../../ui/useSubmission';
import { accountOf } from './AccountField';
import { AuthForm } from './AuthForm';
import { resetPassword } from './authApi';
import { CodeAndPasswordFields } from './CodeAndPasswordFields';

/** Password reset: account, validation code, a new password twice. */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const { api } = useConsole();
  const [form] = Form.useForm();
  const navigate = useNavigate();
  const { error, busy, run } = useSubmission();

  async function submit(values: { password: string; validationCode: string }) {
    await run(async () => {
      await resetPassword(api, {
        ...accountOf(form),
        password: values.password,
        validationCode: values.validationCode,
      });
      navigate('/resetSuccess', { replace: true });
    });
  }

  return (
    <AuthForm
      name="reset"
      title={t('auth.resetTitle')}
      form={form}
      onFinish={submit}
      submitLabel={t('auth.resetPassword')}
      busy={busy}
      error={error}
      footer={
        <div style={{ marginTop: 16, textAlign: 'center' }}>
          <Link to="/login">{t('auth.backToLogin')}</Link>
        </div>
      }
    >
      <CodeAndPasswordFields
        form={form}
        codeType={ValidationCodeType.resetPassword}
        passwordLabel={t('auth.newPassword')}
      />
    </AuthForm>
  );
}
