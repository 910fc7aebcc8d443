import { user, ValidationCodeType } from '@smartlock/contract';
import { Alert, Button, Card, Checkbox, Form, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useConsole } from '../../app/context';
import { AccountField, type AccountKind, accountOf, useAccountKinds } from './AccountField';
import { CodeAndPasswordFields } from './CodeAndPasswordFields';
import { DEFAULT_COUNTRY } from './CountryCodeSelect';
import { useSubmission } from './useSubmission';

/** Registration: account, validation code, password twice, the agreement. */
export default function RegisterPage() {
  const { t } = useTranslation();
  const { api } = useConsole();
  const [form] = Form.useForm();
  const navigate = useNavigate();
  const kinds = useAccountKinds();
  const [kind, setKind] = useState<AccountKind>(kinds[0] ?? 'email');
  const { error, busy, run } = useSubmission();

  async function submit(values: { password: string; validationCode: string; agreement: boolean }) {
    await run(async () => {
      await api.call(user.register, {
        ...accountOf(form),
        password: values.password,
        validationCode: values.validationCode,
        agreement: values.agreement,
      });
      navigate('/registSuccess', { replace: true, state: { account: accountOf(form).account } });
    });
  }

  return (
    <Card>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('auth.registerTitle')}
      </Typography.Title>
      {error ? (
        <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="register-error" />
      ) : null}
      <Form
        form={form}
        layout="vertical"
        initialValues={{ country: DEFAULT_COUNTRY }}
        onFinish={submit}
        requiredMark={false}
      >
        <AccountField form={form} kind={kind} onKindChange={setKind} />
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
        <Button type="primary" htmlType="submit" block size="large" loading={busy} data-testid="register-submit">
          {t('auth.register')}
        </Button>
      </Form>
      <div style={{ marginTop: 16, textAlign: 'center' }}>
        <Link to="/login">{t('auth.haveAccount')}</Link>
      </div>
    </Card>
  );
}
