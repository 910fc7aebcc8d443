import { ArrowLeftOutlined, PlusOutlined, SendOutlined } from '@ant-design/icons';
import { parseLockId, TemplateType } from '@smartlock/contract';
import { Alert, App, Button, Card, Descriptions, Flex, Form, Input, Result, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { errorText } from '../../api/failureMessage';
import { useRouteLockId } from '../../app/routeLockId';
import { LinkButton } from '../../ui/LinkButton';
import { CountryCodeSelect, callingCodeOf, DEFAULT_COUNTRY } from '../auth/CountryCodeSelect';
import { type NoticeChannel, NoticeChannelField } from '../credentials/NoticeChannelField';
import { issueOf } from '../credentials/validity';
import { formatInstant, passcodeValidityText } from '../credentials/validityText';
import { tabPath } from '../lock/detail/lockTabs';
import { useLockDetail } from '../lock/lockApi';
import { formatUtcOffset } from '../lock/settings/timezones';
import { NoticeTemplateSelect } from '../template/NoticeTemplateSelect';
import { activationDeadline } from './issuePasscode';
import { PasscodeStatusTag } from './PasscodeStatusTag';
import { type PasscodeItem, usePasscode, useSendPasscodeNotice } from './passcodeApi';
import { noticeParams, noticeReceiverVerdict } from './passcodeNotice';
import { issuePasscodePath } from './passcodePaths';
import { passcodeTypeText } from './passcodeStatus';

/** The passcode the previous screen handed over, if it is this one. */
function handedOver(state: unknown, keyboardPwdId: number | undefined): PasscodeItem | undefined {
  const item = (state as { passcode?: PasscodeItem } | null)?.passcode;
  return item && item.keyboardPwdId === keyboardPwdId ? item : undefined;
}

/**
 * Sends a passcode by email or SMS: the receiver, checked for the channel before it goes, in the
 * standard words or one of the lock owner's passcode templates.
 */
function PasscodeNoticeForm({ keyboardPwdId, lockId }: { keyboardPwdId: number; lockId: number }) {
  const { t } = useTranslation();
  const sendNotice = useSendPasscodeNotice();
  const { message } = App.useApp();
  const [channel, setChannel] = useState<NoticeChannel>('email');
  const [country, setCountry] = useState(DEFAULT_COUNTRY);
  const [receiver, setReceiver] = useState('');
  const [templateId, setTemplateId] = useState<number>();
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function send() {
    const countryCode = callingCodeOf(country);
    const issue = issueOf(noticeReceiverVerdict(channel, receiver, countryCode));
    setProblem(issue ? t(issue.key, issue.params) : undefined);
    if (issue) return;
    setBusy(true);
    try {
      await sendNotice.mutateAsync(noticeParams(keyboardPwdId, channel, receiver, countryCode, templateId));
      message.success(t(channel === 'email' ? 'notice.sentEmail' : 'notice.sentSms'));
    } catch (error) {
      setProblem(errorText(t, error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Form layout="vertical" onFinish={() => void send()} data-testid="passcode-notice-form">
      <NoticeChannelField
        value={channel}
        onChange={(value) => {
          setChannel(value);
          setTemplateId(undefined);
          setProblem(undefined);
        }}
        testId="passcode-notice-channel"
      />
      <Form.Item
        label={t(channel === 'email' ? 'auth.email' : 'auth.mobile')}
        validateStatus={problem ? 'error' : undefined}
        help={problem}
      >
        <Space.Compact block>
          {channel === 'sms' ? <CountryCodeSelect value={country} onChange={setCountry} /> : null}
          <Input
            value={receiver}
            onChange={(event) => setReceiver(event.target.value)}
            inputMode={channel === 'sms' ? 'tel' : 'email'}
            placeholder={t(channel === 'sms' ? 'auth.mobilePlaceholder' : 'auth.emailPlaceholder')}
            data-testid="passcode-notice-receiver"
          />
        </Space.Compact>
      </Form.Item>
      <NoticeTemplateSelect
        lockId={lockId}
        channel={channel}
        type={TemplateType.passcode}
        value={templateId}
        onChange={setTemplateId}
      />
      <Button
        type="primary"
        htmlType="submit"
        icon={<SendOutlined />}
        loading={busy}
        data-testid="passcode-notice-submit"
      >
        {t('notice.send')}
      </Button>
    </Form>
  );
}

/**
 * A passcode to hand over (passcode/send): its digits large, with a copy button, its type and
 * validity in the lock's time, when it must first be used, and a form to send it by email or SMS.
 * The passcode comes from the screen that made it, or (after a reload) from the lock's list.
 */
export default function PasscodeSentPage() {
  const { t, i18n } = useTranslation();
  const lockId = useRouteLockId();
  const [params] = useSearchParams();
  const keyboardPwdId = parseLockId(params.get('keyboardPwdId'));
  const state = useLocation().state as { fresh?: boolean } | null;
  const given = handedOver(state, keyboardPwdId);
  const detail = useLockDetail(lockId);
  const found = usePasscode(lockId, keyboardPwdId, given === undefined);
  const item = given ?? found.data;

  const back = (
    <LinkButton to={tabPath('passcode', lockId)} key="back" data-testid="passcode-back" icon={<ArrowLeftOutlined />}>
      {t('passcode.sent.back')}
    </LinkButton>
  );
  const another = (
    <LinkButton to={issuePasscodePath(lockId)} key="another" data-testid="passcode-get-another" icon={<PlusOutlined />}>
      {t('passcode.sent.another')}
    </LinkButton>
  );

  if (keyboardPwdId === undefined || item === null) {
    return (
      <Result
        status="warning"
        title={t('errors.passcodeNotFound')}
        extra={[back, another]}
        data-testid="passcode-sent-missing"
      />
    );
  }
  const failed = found.error ?? detail.error;
  if (!item || !detail.data) {
    if (!failed) return <Skeleton active paragraph={{ rows: 6 }} />;
    return (
      <Result
        status="warning"
        title={errorText(t, failed)}
        extra={[
          <Button
            key="retry"
            onClick={() => {
              void found.refetch();
              void detail.refetch();
            }}
          >
            {t('app.retry')}
          </Button>,
          back,
        ]}
      />
    );
  }
  const clock = { language: i18n.language, offsetMs: detail.data.timezoneRawOffset };
  const deadline = activationDeadline(item);
  return (
    <Flex vertical gap={16} style={{ maxWidth: 760 }} data-testid="passcode-sent">
      <Card size="small">
        <Flex vertical align="center" gap={8} style={{ paddingBlock: 8 }}>
          <Typography.Text type="secondary">
            {t(state?.fresh ? 'passcode.sent.fresh' : 'passcode.sent.title', { lock: detail.data.lockName })}
          </Typography.Text>
          <Typography.Title
            level={1}
            copyable={{ text: item.keyboardPwd, tooltips: [t('passcode.sent.copy'), t('passcode.sent.copied')] }}
            style={{ margin: 0, fontFamily: 'monospace', letterSpacing: '0.2em', fontSize: 'clamp(32px, 9vw, 56px)' }}
            data-testid="passcode-big-digits"
          >
            {item.keyboardPwd}
          </Typography.Title>
          {item.keyboardPwdName ? <Typography.Text strong>{item.keyboardPwdName}</Typography.Text> : null}
        </Flex>
        <Descriptions
          size="small"
          column={1}
          style={{ marginTop: 12 }}
          items={[
            {
              key: 'type',
              label: t('passcode.column.type'),
              children: <span data-testid="passcode-sent-type">{passcodeTypeText(t, item)}</span>,
            },
            {
              key: 'validity',
              label: t('passcode.column.validity'),
              children: <span data-testid="passcode-sent-validity">{passcodeValidityText(t, item, clock)}</span>,
            },
            { key: 'status', label: t('passcode.column.status'), children: <PasscodeStatusTag status={item.status} /> },
            {
              key: 'timezone',
              label: t('lockDetail.timezone'),
              children: formatUtcOffset(detail.data.timezoneRawOffset),
            },
          ]}
        />
        {deadline !== undefined ? (
          <Alert
            type="info"
            showIcon
            title={t('passcode.sent.activation', {
              count: item.activationHours,
              time: formatInstant(deadline, clock),
            })}
            style={{ marginTop: 12 }}
            data-testid="passcode-sent-activation"
          />
        ) : null}
      </Card>
      <Card size="small" title={t('passcode.sent.noticeTitle')}>
        <PasscodeNoticeForm keyboardPwdId={item.keyboardPwdId} lockId={lockId} />
      </Card>
      <Space wrap>
        {back}
        {another}
      </Space>
    </Flex>
  );
}
