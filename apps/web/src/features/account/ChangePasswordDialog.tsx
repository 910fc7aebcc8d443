import { App, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSubmission } from '../../ui/useSubmission';
import { confirmRules, passwordRules } from '../auth/rules';
import { useChangePassword } from './accountApi';
import { FormDialog } from './FormDialog';

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

/** Changes the password: the current one, then the new one twice (the registration's rules). */
export function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const changePassword = useChangePassword();
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordValues>();
  const { error, busy, run } = useSubmission();

  async function submit(values: PasswordValues) {
    await run(async () => {
      await changePassword.mutateAsync({ oldPassword: values.oldPassword, newPassword: values.newPassword });
      message.success(t('account.passwordChanged'));
      onClose();
    });
  }

  return (
    <FormDialog<PasswordValues>
      title={t('account.changePassword')}
      testId="password-dialog"
      form={form}
      onFinish={(values) => void submit(values)}
      onClose={onClose}
      busy={busy}
      error={error}
      okText={t('account.changePassword')}
    >
      <Form.Item
        name="oldPassword"
        label={t('account.oldPassword')}
        rules={[{ required: true, message: t('auth.passwordRequired') }]}
      >
        <Input.Password autoComplete="current-password" data-testid="old-password" />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label={t('auth.newPassword')}
        rules={passwordRules(t)}
        extra={t('auth.passwordHint')}
      >
        <Input.Password autoComplete="new-password" data-testid="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('auth.confirmPassword')}
        dependencies={['newPassword']}
        rules={confirmRules(t, 'newPassword')}
      >
        <Input.Password autoComplete="new-password" data-testid="confirm-password" />
      </Form.Item>
    </FormDialog>
  );
}
