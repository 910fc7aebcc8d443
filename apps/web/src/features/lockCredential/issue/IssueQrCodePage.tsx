import { QrcodeOutlined } from '@ant-design/icons';
import { ValidityType } from '@smartlock/contract';
import { Alert, Button, Flex, Form, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/failureMessage';
import { useLeaveConfirmation } from '../../../app/useLeaveConfirmation';
import { FormFooter } from '../../../ui/FormFooter';
import { LinkButton } from '../../../ui/LinkButton';
import { ValidityEditor } from '../../credentials/ValidityEditor';
import { newValidity, type ValidityDraft, validityIssue, validityParams } from '../../credentials/validity';
import { tabPath } from '../../lock/detail/lockTabs';
import type { LockDetail } from '../../lock/lockApi';
import { namingParams } from '../credentialForm';
import { useAddQrCode } from '../lockCredentialApi';
import { QrCodeView } from '../QrCodeView';
import { followable } from '../startedOperation';
import { IssueFrame } from './IssueFrame';
import { IssueOutcome } from './IssueOutcome';
import { NameField } from './NameField';
import { useIssueOperation } from './useIssueOperation';

/** A QR code's first validity: timed, from now for a week (it can be changed to any type). */
function newQrValidity(now: number): ValidityDraft {
  return { ...newValidity(now), type: ValidityType.limited };
}

/** The form and, once the lock has the code, the code itself. */
function IssueQrCodeForm({ detail, onAnother }: { detail: LockDetail; onAnother: () => void }) {
  const { t } = useTranslation();
  const addQrCode = useAddQrCode();
  const lockId = detail.lockId;
  const [name, setName] = useState('');
  const [initial] = useState(() => newQrValidity(Date.now()));
  const [validity, setValidity] = useState<ValidityDraft>(initial);
  const [issue, setIssue] = useState<string>();
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);
  const operation = useIssueOperation('qrCode', lockId, { stay: true });
  const dirty = name !== '' || JSON.stringify(validity) !== JSON.stringify(initial);
  useLeaveConfirmation(dirty && operation.added === undefined);

  async function submit() {
    const problem = validityIssue(validity, Date.now());
    if (problem) return setIssue(t(problem.key, problem.params));
    setIssue(undefined);
    setError(undefined);
    setSending(true);
    try {
      const reply = await addQrCode.mutateAsync({
        lockId,
        ...namingParams({ name }),
        ...validityParams(validity),
      });
      operation.start(reply.credential, followable(reply.operation));
    } catch (failure) {
      setError(errorText(t, failure));
    } finally {
      setSending(false);
    }
  }

  const added = operation.added;
  if (added && operation.succeeded) {
    return (
      <Flex vertical gap={16} align="center" data-testid="qr-issued">
        <Result status="success" title={t('credentialKind.qrCode.issued', { name: added.name || added.number })} />
        {added.link ? (
          <QrCodeView link={added.link} label={added.name} number={added.number} lockName={detail.lockName} />
        ) : (
          <Alert type="warning" showIcon title={t('credentialKind.qrCode.noLink')} />
        )}
        <Flex gap={8} wrap justify="center">
          <LinkButton to={tabPath('qrcode', lockId)} data-testid="qr-back">
            {t('credentialKind.qrCode.backToList')}
          </LinkButton>
          <Button onClick={onAnother} data-testid="qr-another">
            {t('credentialKind.qrCode.another')}
          </Button>
        </Flex>
      </Flex>
    );
  }

  const working = sending || operation.busy;
  return (
    <Form layout="vertical" onFinish={() => void submit()} disabled={working} data-testid="issue-qrcode-form">
      <NameField value={name} onChange={setName} testId="qr-name-input" />
      <Form.Item label={t('validity.label')}>
        <ValidityEditor value={validity} onChange={setValidity} hints="credential.validity" disabled={working} />
      </Form.Item>
      <IssueOutcome
        form="qrcode"
        tab="qrcode"
        lockId={lockId}
        issue={issue}
        error={error}
        operation={operation}
        addedName={added?.name || added?.number || ''}
        backLabel={t('credentialKind.qrCode.backToList')}
      ></IssueOutcome>
      <FormFooter icon={<QrcodeOutlined />} busy={working} testId="issue-qrcode-submit">
        {t('credentialKind.qrCode.add')}
      </FormFooter>
    </Form>
  );
}

/**
 * Issues a QR code for a lock (manage/issueQrcode): a name and a validity (timed by default);
 * the lock gets it through its gateway, then the code is drawn from its link, to download as a
 * PNG or to share as a link.
 */
export default function IssueQrCodePage() {
  const [round, setRound] = useState(0);
  return (
    <IssueFrame kind="qrCode">
      {(detail) => <IssueQrCodeForm key={round} detail={detail} onAnother={() => setRound((before) => before + 1)} />}
    </IssueFrame>
  );
}
