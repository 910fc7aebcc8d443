import { ArrowLeftOutlined, SendOutlined } from '@ant-design/icons';
import { LockRole } from '@smartlock/contract';
import { Alert, App, Button, Card, Divider, Form, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText, serverErrorOf } from '../../api/failureMessage';
import { useRouteLockId } from '../../app/routeLockId';
import { useLeaveConfirmation } from '../../app/useLeaveConfirmation';
import { LinkButton } from '../../ui/LinkButton';
import { LoadingOrFailure } from '../../ui/LoadingOrFailure';
import { AccountField, type AccountKind, accountOf, useAccountKinds } from '../auth/AccountField';
import { DEFAULT_COUNTRY } from '../auth/CountryCodeSelect';
import { newValidity, type ValidityDraft } from '../credentials/validity';
import { tabPath } from '../lock/detail/lockTabs';
import { useLockDetail } from '../lock/lockApi';
import { useSendEKey } from './ekeyApi';
import { type Receiver, type RecipientQuestion, recipientQuestion, sendParams } from './ekeyParams';
import { sentEKeyPath } from './ekeyPaths';
import { GrantFields } from './GrantFields';
import { RecipientQuestionDialog } from './RecipientQuestionDialog';

export interface IssueEKeyValues {
  /** The recipient's country (AccountField), for a mobile number. */
  country: string;
  keyName: string;
  validity: ValidityDraft;
  remoteEnable: boolean;
  authorizedAdmin: boolean;
  remarks: string;
}

/**
 * Sends an eKey for one lock (manage/issueEKey): the recipient's account, the key's name and
 * validity, remote unlock, the authorized-administrator choice and remarks, checked with the
 * contract's rules first. A recipient without an account gets a question (their country code,
 * the user's go-ahead) and the key is sent again with it.
 */
export default function IssueEKeyPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const lockId = useRouteLockId();
  const navigate = useNavigate();
  const detail = useLockDetail(lockId);
  const sendEKey = useSendEKey();
  const kinds = useAccountKinds();
  const [kind, setKind] = useState<AccountKind>(kinds[0] ?? 'email');
  const [form] = Form.useForm<IssueEKeyValues>();
  const [initial] = useState(() => ({
    keyName: '',
    validity: newValidity(Date.now()),
    remoteEnable: false,
    authorizedAdmin: false,
    remarks: '',
    country: DEFAULT_COUNTRY,
  }));
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [question, setQuestion] = useState<{
    question: RecipientQuestion;
    receiver: Receiver;
    values: IssueEKeyValues;
  }>();
  const [sent, setSent] = useState<number>();
  useLeaveConfirmation(dirty && sent === undefined);

  // Leaves only once the leave confirmation knows there is nothing left to lose.
  useEffect(() => {
    if (sent !== undefined) navigate(sentEKeyPath(lockId, sent), { state: { sent: true } });
  }, [sent, lockId, navigate]);

  async function send(values: IssueEKeyValues, receiver: Receiver, createUser: boolean) {
    setError(undefined);
    setBusy(true);
    try {
      const reply = await sendEKey.mutateAsync(
        sendParams({
          lockId,
          receiver,
          createUser,
          grant: {
            validity: values.validity,
            keyName: values.keyName,
            remarks: values.remarks,
            remoteEnable: values.remoteEnable,
            authorizedAdmin: values.authorizedAdmin,
          },
        }),
      );
      setQuestion(undefined);
      message.success(t(reply.recipientRegistered ? 'ekey.sentTo' : 'ekey.sentInvited', { account: receiver.account }));
      setSent(reply.keyId);
    } catch (failure) {
      const asked = createUser ? undefined : recipientQuestion(serverErrorOf(failure));
      if (asked) setQuestion({ question: asked, receiver, values });
      else {
        setQuestion(undefined);
        setError(errorText(t, failure));
      }
    } finally {
      setBusy(false);
    }
  }

  if (!detail.data) {
    return (
      <LoadingOrFailure
        error={detail.isError ? detail.error : undefined}
        retry={() => void detail.refetch()}
        rows={8}
      />
    );
  }
  const owner = detail.data.role === LockRole.owner;

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%', maxWidth: 760 }}>
      <LinkButton
        to={tabPath('ekey', lockId)}
        type="link"
        icon={<ArrowLeftOutlined />}
        style={{ paddingInline: 0 }}
        data-testid="back-to-ekeys"
      >
        {t('ekey.backToLock', { name: detail.data.lockName })}
      </LinkButton>
      <Card title={t('ekey.issueTitle', { name: detail.data.lockName })} size="small">
        {error ? (
          <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="issue-ekey-error" />
        ) : null}
        <Form<IssueEKeyValues>
          form={form}
          layout="vertical"
          initialValues={initial}
          requiredMark={false}
          onValuesChange={() => setDirty(true)}
          onFinish={(values) => void send(values, { kind, ...accountOf(form) }, false)}
          data-testid="issue-ekey-form"
        >
          <Divider titlePlacement="start" plain style={{ marginTop: 0 }}>
            {t('ekey.recipient.label')}
          </Divider>
          <AccountField
            form={form}
            kind={kind}
            onKindChange={(next) => {
              setKind(next);
              setDirty(true);
            }}
          />
          <Divider titlePlacement="start" plain>
            {t('ekey.grantSection')}
          </Divider>
          <GrantFields adminChoice={owner} />
          <Typography.Paragraph type="secondary">{t('ekey.cycleLockTime')}</Typography.Paragraph>
          <Button
            type="primary"
            htmlType="submit"
            icon={<SendOutlined />}
            loading={busy && !question}
            block
            data-testid="issue-ekey-submit"
          >
            {t('ekey.send')}
          </Button>
        </Form>
      </Card>
      {question ? (
        <RecipientQuestionDialog
          question={question.question}
          receiver={question.receiver}
          country={form.getFieldValue('country')}
          busy={busy}
          onSend={(receiver) => void send(question.values, receiver, true)}
          onCancel={() => setQuestion(undefined)}
        />
      ) : null}
    </Space>
  );
}
