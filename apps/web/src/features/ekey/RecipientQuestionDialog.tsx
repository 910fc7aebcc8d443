import { validateUnregisteredRecipient } from '@smartlock/contract';
import { Alert, Checkbox, Flex, Form, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CountryCodeSelect, callingCodeOf } from '../auth/CountryCodeSelect';
import type { Receiver, RecipientQuestion } from './ekeyParams';

/**
 * The server's question about a recipient who has no account yet: a mobile number may need its
 * country code; any account needs the user's go-ahead, after which the key waits for them to
 * register and they get an invitation. Sending again confirms (createUser=1).
 */
export function RecipientQuestionDialog({
  question,
  receiver,
  country,
  busy,
  onSend,
  onCancel,
}: {
  question: RecipientQuestion;
  receiver: Receiver;
  /** The country the form had picked (mobile numbers). */
  country: string | undefined;
  busy: boolean;
  onSend: (receiver: Receiver) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const mobile = receiver.kind === 'mobile';
  const [picked, setPicked] = useState(country);
  const [confirmed, setConfirmed] = useState(false);
  const countryCode = mobile ? callingCodeOf(picked) : '';
  const ready = confirmed && validateUnregisteredRecipient({ registered: false, countryCode, confirmed }).ok;

  return (
    <Modal
      open
      title={t('ekey.recipient.title')}
      okText={t('ekey.recipient.send')}
      okButtonProps={{ disabled: !ready, 'data-testid': 'recipient-confirm' }}
      confirmLoading={busy}
      onOk={() => onSend({ ...receiver, countryCode })}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Flex vertical gap={12} data-testid="recipient-question" data-question={question}>
        <Alert
          type="warning"
          showIcon
          title={t(question === 'countryCode' ? 'errors.recipientNeedsCountryCode' : 'errors.recipientNotRegistered')}
          description={t('ekey.recipient.explain', { account: receiver.account })}
        />
        {mobile ? (
          <Form.Item label={t('auth.countryCode')} extra={t('ekey.recipient.countryHint')} style={{ marginBottom: 0 }}>
            <CountryCodeSelect value={picked} onChange={setPicked} />
          </Form.Item>
        ) : null}
        <Checkbox
          checked={confirmed}
          onChange={(event) => setConfirmed(event.target.checked)}
          data-testid="recipient-confirm-unregistered"
        >
          {t('ekey.recipient.confirm', { account: mobile ? `${countryCode} ${receiver.account}` : receiver.account })}
        </Checkbox>
        <Typography.Text type="secondary">{t('ekey.recipient.invitation')}</Typography.Text>
      </Flex>
    </Modal>
  );
}
