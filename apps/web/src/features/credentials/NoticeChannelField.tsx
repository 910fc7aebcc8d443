import { MailOutlined, MessageOutlined } from '@ant-design/icons';
import type { MessageChannel, ValueOf } from '@smartlock/contract';
import { Form, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';

/** The channels a notice goes out on (and templates are written for). */
export type NoticeChannel = ValueOf<typeof MessageChannel>;

/** Which way a notice goes: email or SMS. */
export function NoticeChannelField({
  value,
  onChange,
  testId,
}: {
  value: NoticeChannel;
  onChange: (channel: NoticeChannel) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Form.Item label={t('notice.channel')}>
      <Segmented<NoticeChannel>
        value={value}
        onChange={onChange}
        options={[
          { value: 'email', label: t('notice.email'), icon: <MailOutlined /> },
          { value: 'sms', label: t('notice.sms'), icon: <MessageOutlined /> },
        ]}
        data-testid={testId}
      />
    </Form.Item>
  );
}
