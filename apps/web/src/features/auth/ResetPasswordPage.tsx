import { user, ValidationCodeType } from '@smartlock/contract';
import { Alert, Button, Card, Form, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useConsole } from '../../app/context';
import { AccountField, type AccountKind, accountOf, useAccountKinds } from './AccountField';
import { CodeAndPasswordFields } from './CodeAndPasswordFields';
import { DEFAULT_COUNTRY } from './CountryCodeSelect';
import { useSubmission } from './useSubmission';

/** Password reset: account, validation code, a new password twice. */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const { api } = useConsole();
  const [form] = Form.useForm();
  const navigate = useNavigate();
  const kinds = useAccountKinds();
  const [kind, setKind] = useState<AccountKind>(kinds[0] ?? 'email');
  const { error, busy, run } = useSubmission();

  async function submit(values: { password: string; validationCode: string }) {
    await run(async () => {
      await api.call(user.resetPassword, {
        ...accountOf(form),
        password: values.password,
        validationCode: values.validationCode,
      });
      navigate('/resetSuccess', { replace: true });
    });
  }

  return (
    <Card>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('auth.resetTitle')}
      </Typography.Title>
      {error ? (
        <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="reset-error" />
      ) : null}
      <Form
        form={form}
        layout="vertical"
        initialValues={{ country: DEFAULT_COUNTRY }}
        onFinish={submit}
        requiredMark={false}
      >
        <AccountField form={form} kind={kind} onKindChange={setKind} />
        <CodeAndPasswordFields
          form={form}
          codeType={ValidationCodeType.resetPassword}
          passwordLabel={t('auth.newPassword')}
        />
        <Button type="primary" htmlType="submit" block size="large" loading={busy} data-testid="reset-submit">
          {t('auth.resetPassword')}
        </Button>
      </Form>
      <div style={{ marginTop: 16, textAlign: 'center' }}>
        <Link to="/login">{t('auth.backToLogin')}</Link>
      </div>
    </Card>
  );
}
