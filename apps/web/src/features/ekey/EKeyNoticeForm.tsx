import { SendOutlined } from '@ant-design/icons';
import { TemplateType } from '@smartlock/contract';
import { App, Button, Flex, Form, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/failureMessage';
import { type NoticeChannel, NoticeChannelField } from '../credentials/NoticeChannelField';
import { NoticeTemplateSelect } from '../template/NoticeTemplateSelect';
import { useSendEKeyNotice } from './ekeyApi';

/**
 * An eKey's notice to its recipient, by email or SMS, in the standard words or one of the lock
 * owner's eKey templates; it uses a unit of the owner's balance of the channel.
 */
export function EKeyNoticeForm({ keyId, lockId }: { keyId: number; lockId: number }) {
  const { t } = useTranslation();
  const sendNotice = useSendEKeyNotice();
  const { message } = App.useApp();
  const [channel, setChannel] = useState<NoticeChannel>('email');
  const [templateId, setTemplateId] = useState<number>();
  const [sending, setSending] = useState(false);

  async function send() {
    setSending(true);
    try {
      await sendNotice.mutateAsync({ keyId, channel, ...(templateId ? { templateId } : {}) });
      message.success(t(channel === 'email' ? 'notice.sentEmail' : 'notice.sentSms'));
    } catch (error) {
      message.error(errorText(t, error));
    } finally {
      setSending(false);
    }
  }

  return (
    <Form layout="vertical" onFinish={() => void send()} data-testid="ekey-notice-form">
      <Typography.Paragraph>{t('ekey.sent.noticeHint')}</Typography.Paragraph>
      <NoticeChannelField
        value={channel}
        onChange={(value) => {
          setChannel(value);
          setTemplateId(undefined);
        }}
        testId="ekey-notice-channel"
      />
      <NoticeTemplateSelect
        lockId={lockId}
        channel={channel}
        type={TemplateType.eKey}
        value={templateId}
        onChange={setTemplateId}
      />
      <Flex>
        <Button
          type="primary"
          htmlType="submit"
          icon={<SendOutlined />}
          loading={sending}
          data-testid="ekey-notice-send"
        >
          {t('notice.send')}
        </Button>
      </Flex>
    </Form>
  );
}
