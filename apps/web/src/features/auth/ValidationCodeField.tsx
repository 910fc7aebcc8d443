import { Form, Input, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SendCodeButton } from './SendCodeButton';

/**
 * The 6-digit validation code (form field `validationCode`) with the button that sends it;
 * `request` says where the code goes, or undefined when it cannot be sent yet.
 */
export function ValidationCodeField({
  codeType,
  request,
  extra,
}: {
  codeType: number;
  request: () => Promise<{ account: string; countryCode: string } | undefined>;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Form.Item label={t('auth.validationCode')} required extra={extra}>
      <Space.Compact block>
        <Form.Item
          name="validationCode"
          noStyle
          rules={[{ required: true, pattern: /^\d{6}$/, message: t('auth.codeRequired') }]}
        >
          <Input
            aria-label={t('auth.validationCode')}
            inputMode="numeric"
            maxLength={6}
            autoComplete="one-time-code"
            data-testid="validation-code"
          />
        </Form.Item>
        <SendCodeButton type={codeType} request={request} />
      </Space.Compact>
    </Form.Item>
  );
}
