import { Form, type FormInstance, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { accountOf } from './AccountField';
import { confirmRules, passwordRules } from './rules';
import { ValidationCodeField } from './ValidationCodeField';

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
      <ValidationCodeField
        codeType={codeType}
        request={async () => {
          await form.validateFields(['account']);
          return accountOf(form);
        }}
      />
      <Form.Item name="password" label={passwordLabel} rules={passwordRules(t)} extra={t('auth.passwordHint')}>
        <Input.Password autoComplete="new-password" data-testid="password" />
      </Form.Item>
      <Form.Item name="confirm" label={t('auth.confirmPassword')} dependencies={['password']} rules={confirmRules(t)}>
        <Input.Password autoComplete="new-password" data-testid="confirm-password" />
      </Form.Item>
    </>
  );
}
