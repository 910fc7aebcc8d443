import { DeleteOutlined, MailOutlined, MobileOutlined, PlusOutlined } from '@ant-design/icons';
import { parseAccount, RECIPIENTS_PER_CALL_MAX } from '@smartlock/contract';
import { Button, Flex, Input, List, Segmented, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AccountKind, useAccountKinds } from '../auth/AccountField';
import { CountryCodeSelect, callingCodeOf, DEFAULT_COUNTRY } from '../auth/CountryCodeSelect';
import { issueOf } from '../credentials/validity';
import { addReceiver, type BatchReceiver } from './batch';

/**
 * The recipients of a batch: the user adds accounts one at a time (a mobile number with its
 * country code, or an email address), each checked as the login form checks it, each once.
 */
export function RecipientList({
  receivers,
  onChange,
  disabled,
}: {
  receivers: BatchReceiver[];
  onChange: (receivers: BatchReceiver[]) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const kinds = useAccountKinds();
  const [kind, setKind] = useState<AccountKind>(kinds[0] ?? 'email');
  const [country, setCountry] = useState(DEFAULT_COUNTRY);
  const [account, setAccount] = useState('');
  const [problem, setProblem] = useState<string>();
  const full = receivers.length >= RECIPIENTS_PER_CALL_MAX;

  function add() {
    const typed = account.trim();
    const parsed = parseAccount(typed, callingCodeOf(country));
    if (!parsed.ok) {
      const issue = issueOf(parsed.verdict);
      setProblem(issue ? t(issue.key, issue.params) : undefined);
      return;
    }
    if (parsed.account.type !== kind) {
      setProblem(t(kind === 'email' ? 'errors.invalidEmail' : 'errors.invalidMobile'));
      return;
    }
    setProblem(undefined);
    onChange(
      addReceiver(
        receivers,
        kind === 'mobile'
          ? { receiverUsername: typed, countryCode: callingCodeOf(country) }
          : { receiverUsername: typed },
      ),
    );
    setAccount('');
  }

  return (
    <Flex vertical gap={12} data-testid="batch-recipients">
      {kinds.length > 1 ? (
        <Segmented<AccountKind>
          value={kind}
          disabled={disabled}
          onChange={(value) => {
            setKind(value);
            setProblem(undefined);
          }}
          options={[
            { value: 'mobile', label: t('auth.mobile'), icon: <MobileOutlined /> },
            { value: 'email', label: t('auth.email'), icon: <MailOutlined /> },
          ]}
          data-testid="batch-recipient-kind"
        />
      ) : null}
      <Space.Compact block>
        {kind === 'mobile' ? <CountryCodeSelect value={country} onChange={setCountry} /> : null}
        <Input
          value={account}
          disabled={disabled || full}
          onChange={(event) => setAccount(event.target.value)}
          onPressEnter={(event) => {
            event.preventDefault();
            add();
          }}
          inputMode={kind === 'mobile' ? 'tel' : 'email'}
          placeholder={t(kind === 'mobile' ? 'auth.mobilePlaceholder' : 'auth.emailPlaceholder')}
          aria-label={t('ekey.batch.recipientAccount')}
          status={problem ? 'error' : undefined}
          data-testid="batch-recipient-account"
        />
        <Button icon={<PlusOutlined />} disabled={disabled || full} onClick={add} data-testid="batch-recipient-add">
          {t('ekey.batch.addRecipient')}
        </Button>
      </Space.Compact>
      {problem ? (
        <Typography.Text type="danger" data-testid="batch-recipient-problem">
          {problem}
        </Typography.Text>
      ) : null}
      <Typography.Text type="secondary">
        {t('ekey.batch.recipientCount', { count: receivers.length, max: RECIPIENTS_PER_CALL_MAX })}
      </Typography.Text>
      {receivers.length > 0 ? (
        <List
          size="small"
          bordered
          dataSource={receivers}
          rowKey={(item) => `${item.countryCode ?? ''}|${item.receiverUsername}`}
          style={{ maxHeight: 260, overflowY: 'auto' }}
          renderItem={(item) => (
            <List.Item
              data-testid="batch-recipient"
              actions={[
                <Button
                  key="remove"
                  type="text"
                  size="small"
                  danger
                  disabled={disabled}
                  icon={<DeleteOutlined />}
                  aria-label={t('ekey.batch.removeRecipient')}
                  onClick={() => onChange(receivers.filter((other) => other !== item))}
                  data-testid="batch-recipient-remove"
                />,
              ]}
            >
              {item.countryCode ? `${item.countryCode} ${item.receiverUsername}` : item.receiverUsername}
            </List.Item>
          )}
        />
      ) : null}
    </Flex>
  );
}
