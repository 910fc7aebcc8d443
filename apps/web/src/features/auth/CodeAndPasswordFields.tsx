import { Form, type FormInstance, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { accountOf } from './AccountField';
import { confirmRules, passwordRules } from './rules';
import { SendCodeButton } from './SendCodeButton';

/** The validation code (with its send button) and a new password entered twice. */
export function CodeAndPasswordFields({
  form,
  codeType,
  passwordLabel,
}: {
  form: FormInstance;
  codeType: number;
  passwordLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item label={t('auth.validationCode')} required>
        <Space.Compact block>
          <Form.Item
            name="validationCode"
            noStyle
            rules={[{ required: true, pattern: /^\d{6}$/, message: t('auth.codeRequired') }]}
          >
            <Input inputMode="numeric" maxLength={6} autoComplete="one-time-code" data-testid="validation-code" />
          </Form.Item>
          <SendCodeButton
            type={codeType}
            request={async () => {
              await form.validateFields(['account']);
              return accountOf(form);
            }}
          />
        </Space.Compact>
      </Form.Item>
      <Form.Item name="password" label={passwordLabel} rules={passwordRules(t)} extra={t('auth.passwordHint')}>
        <Input.Password autoComplete="new-password" data-testid="password" />
      </Form.Item>
      <Form.Item name="confirm" label={t('auth.confirmPassword')} dependencies={['password']} rules={confirmRules(t)}>
        <Input.Password autoComplete="new-password" data-testid="confirm-password" />
      </Form.Item>
    </>
  );
}
