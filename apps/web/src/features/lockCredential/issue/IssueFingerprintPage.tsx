import { CheckCircleOutlined, SendOutlined, UsbOutlined } from '@ant-design/icons';
import { type DriverDevice, FingerprintDeviceType, valuesOf } from '@smartlock/contract';
import { Alert, Button, Card, Col, Flex, Form, Progress, Row, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeText } from '../../../api/failureMessage';
import { useLeaveConfirmation } from '../../../app/useLeaveConfirmation';
import { DriverDevicePicker } from '../../../driver/DriverDevicePicker';
import { sharedDriverClient } from '../../../driver/driverClient';
import { driverErrorText } from '../../../driver/useDriver';
import { FormFooter } from '../../../ui/FormFooter';
import { ValidityEditor } from '../../credentials/ValidityEditor';
import { newValidity, type ValidityDraft, validityIssue, validityParams } from '../../credentials/validity';
import { BatchLockPicker, type PickedLock } from '../../ekey/BatchLockPicker';
import { namingParams } from '../credentialForm';
import { useAddFingerprint, useRefreshCredentials } from '../lockCredentialApi';
import { OperationCell } from '../OperationCell';
import { collectPercent, DEFAULT_SCANS, type FingerprintResult, fingerprintTally } from './fingerprint';
import { IssueFrame } from './IssueFrame';
import { NameField } from './NameField';

/** How long a scanner may wait for the finger between two scans. */
const COLLECT_TIMEOUT_MS = 60_000;
const SCANNER_TYPES: readonly number[] = valuesOf(FingerprintDeviceType);
const isKnownScanner = (device: DriverDevice) =>
  device.deviceType !== undefined && SCANNER_TYPES.includes(device.deviceType);

interface Collected {
  template: string;
  deviceType: number;
}

/** The page, once the lock is known to take fingerprints (it starts chosen among the locks, from the route). */
function IssueFingerprintForm() {
  const { t } = useTranslation();
  const addFingerprint = useAddFingerprint();
  const refresh = useRefreshCredentials();
  const [deviceId, setDeviceId] = useState<string>();
  const [progress, setProgress] = useState<{ step: number; of: number }>();
  const [collecting, setCollecting] = useState(false);
  const [collected, setCollected] = useState<Collected>();
  const [collectError, setCollectError] = useState<string>();
  const [locks, setLocks] = useState<PickedLock[]>([]);
  const [name, setName] = useState('');
  const [initial] = useState(() => newValidity(Date.now()));
  const [validity, setValidity] = useState<ValidityDraft>(initial);
  const [problem, setProblem] = useState<string>();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<{ results: FingerprintResult[]; balance: number }>();
  useLeaveConfirmation((collected !== undefined || collecting) && sent === undefined);

  async function collect() {
    if (!deviceId) return;
    setCollecting(true);
    setCollectError(undefined);
    setCollected(undefined);
    setProgress({ step: 0, of: DEFAULT_SCANS });
    try {
      const result = await sharedDriverClient().request(
        'collectFingerprint',
        { deviceId },
        { onProgress: (step, of) => setProgress({ step, of }), timeoutMs: COLLECT_TIMEOUT_MS },
      );
      setProgress((before) => ({ step: before?.of ?? DEFAULT_SCANS, of: before?.of ?? DEFAULT_SCANS }));
      setCollected(result);
    } catch (failure) {
      setCollectError(driverErrorText(t, failure));
    } finally {
      setCollecting(false);
    }
  }

  async function send() {
    if (!collected) return setProblem(t('credentialKind.fingerprint.collectFirst'));
    if (locks.length === 0) return setProblem(t('errors.selectAtLeastOneLock'));
    const issue = validityIssue(validity, Date.now());
    if (issue) return setProblem(t(issue.key, issue.params));
    setProblem(undefined);
    setSending(true);
    try {
      const reply = await addFingerprint.mutateAsync({
        lockIds: locks.map((item) => item.lockId).join(','),
        template: collected.template,
        deviceType: collected.deviceType,
        ...namingParams({ name }),
        ...validityParams(validity),
      });
      setSent({ results: reply.results, balance: reply.balance });
    } catch (failure) {
      setProblem(driverErrorText(t, failure));
    } finally {
      setSending(false);
    }
  }

  const names = new Map(locks.map((item) => [item.lockId, item.lockName]));
  const tally = sent ? fingerprintTally(sent.results) : undefined;
  const locked = sending || sent !== undefined;

  return (
    <Flex vertical gap={16} data-testid="issue-fingerprint">
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Flex vertical gap={16}>
            <Card size="small" title={t('credentialKind.fingerprint.step.collect')}>
              <Flex vertical gap={12}>
                <DriverDevicePicker
                  kind="fingerprintScanner"
                  value={deviceId}
                  onChange={setDeviceId}
                  accept={isKnownScanner}
                  disabled={collecting || locked}
                />
                <Button
                  icon={<UsbOutlined />}
                  onClick={() => void collect()}
                  loading={collecting}
                  disabled={!deviceId || locked}
                  style={{ alignSelf: 'flex-start' }}
                  data-testid="fingerprint-collect"
                >
                  {t(collected ? 'credentialKind.fingerprint.collectAgain' : 'credentialKind.fingerprint.collect')}
                </Button>
                {progress ? (
                  <div data-testid="fingerprint-progress" data-step={progress.step} data-of={progress.of}>
                    <Progress
                      percent={collectPercent(progress.step, progress.of)}
                      steps={Math.max(1, progress.of)}
                      status={collectError ? 'exception' : collected ? 'success' : 'active'}
                      format={() => t('credentialKind.fingerprint.scans', { step: progress.step, of: progress.of })}
                    />
                    {collecting ? (
                      <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
                        {t('credentialKind.fingerprint.placeFinger', {
                          step: Math.min(progress.step + 1, progress.of),
                          of: progress.of,
                        })}
                      </Typography.Paragraph>
                    ) : null}
                  </div>
                ) : null}
                {collected ? (
                  <Alert
                    type="success"
                    showIcon
                    icon={<CheckCircleOutlined />}
                    title={t('credentialKind.fingerprint.collected')}
                    data-testid="fingerprint-collected"
                  />
                ) : null}
                {collectError ? (
                  <Alert type="error" showIcon title={collectError} data-testid="fingerprint-collect-error" />
                ) : null}
              </Flex>
            </Card>
            <Card size="small" title={t('credentialKind.fingerprint.step.locks')}>
              <BatchLockPicker selected={locks} onChange={setLocks} disabled={locked} testId="fingerprint" />
            </Card>
          </Flex>
        </Col>
        <Col xs={24} xl={12}>
          <Card size="small" title={t('credentialKind.fingerprint.step.validity')}>
            <Form layout="vertical" onFinish={() => void send()} disabled={locked} data-testid="issue-fingerprint-form">
              <NameField value={name} onChange={setName} testId="fingerprint-name-input" />
              <Form.Item label={t('validity.label')}>
                <ValidityEditor value={validity} onChange={setValidity} hints="credential.validity" disabled={locked} />
              </Form.Item>
              <Typography.Paragraph type="secondary">
                {t('credentialKind.fingerprint.balanceHint')}
              </Typography.Paragraph>
              <FormFooter
                error={problem}
                errorTestId="issue-fingerprint-error"
                errorGap={12}
                icon={<SendOutlined />}
                busy={sending}
                disabled={!collected || locked}
                testId="fingerprint-send"
              >
                {t('credentialKind.fingerprint.send', { count: locks.length })}
              </FormFooter>
            </Form>
          </Card>
        </Col>
      </Row>
      {sent && tally ? (
        <Card
          size="small"
          title={t('credentialKind.fingerprint.resultsTitle')}
          extra={
            <Typography.Text data-testid="fingerprint-balance" data-balance={sent.balance}>
              {t('credentialKind.fingerprint.balance', { count: sent.balance })}
            </Typography.Text>
          }
        >
          <Typography.Paragraph data-testid="fingerprint-tally">
            {t('credentialKind.fingerprint.tally', { sent: tally.sent, refused: tally.refused })}
          </Typography.Paragraph>
          <Table<FingerprintResult>
            size="small"
            rowKey="lockId"
            dataSource={sent.results}
            pagination={sent.results.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
            scroll={{ x: 'max-content' }}
            onRow={(row) =>
              ({
                'data-testid': 'fingerprint-result',
                'data-lock-id': String(row.lockId),
                'data-ok': String(row.errorCode === 0),
              }) as object
            }
            columns={[
              {
                key: 'lock',
                title: t('credential.column.lock'),
                render: (_value, row) => names.get(row.lockId) ?? `#${row.lockId}`,
              },
              {
                key: 'result',
                title: t('credential.column.result'),
                render: (_value, row) =>
                  row.errorCode !== 0 || !row.operation ? (
                    <Typography.Text type="danger" data-testid="fingerprint-result-error" data-code={row.errorCode}>
                      {errorCodeText(t, row.errorCode)}
                    </Typography.Text>
                  ) : (
                    <OperationCell
                      started={row.operation}
                      success={t('credential.done.add')}
                      onEnd={() => void refresh()}
                    />
                  ),
              },
            ]}
            data-testid="fingerprint-results"
          />
          <Button
            onClick={() => {
              setSent(undefined);
              setCollected(undefined);
              setProgress(undefined);
            }}
            data-testid="fingerprint-another"
          >
            {t('credentialKind.fingerprint.another')}
          </Button>
        </Card>
      ) : null}
    </Flex>
  );
}

/**
 * Adds a fingerprint (manage/issuePrint): a scanner on this computer (through the local driver)
 * collects it in a few scans with a progress bar; then it goes to the chosen locks (this one
 * chosen first) with one validity, each lock using one unit of the fingerprint service. Each
 * lock's result is followed through its gateway; the remaining balance is shown.
 */
export default function IssueFingerprintPage() {
  return (
    <IssueFrame kind="fingerprint" wide>
      {() => <IssueFingerprintForm />}
    </IssueFrame>
  );
}
