import { SendOutlined, StopOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Checkbox, Col, Flex, Form, Progress, Row, Table, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorCodeText, errorText } from '../../api/failureMessage';
import { useLeaveConfirmation } from '../../app/useLeaveConfirmation';
import { newValidity, type ValidityDraft, validityIssue } from '../credentials/validity';
import { BatchLockPicker, type PickedLock } from './BatchLockPicker';
import {
  type BatchReceiver,
  type BatchRow,
  batchChunks,
  batchParams,
  batchPercent,
  batchReceiversOf,
  batchTally,
  runBatch,
} from './batch';
import { useRefreshEKeys, useSendEKeyBatch } from './ekeyApi';
import { grantParams } from './ekeyParams';
import { GrantFields } from './GrantFields';
import { RecipientList } from './RecipientList';

interface BatchValues {
  validity: ValidityDraft;
  remoteEnable: boolean;
  remarks: string;
  createUser: boolean;
}

interface Run {
  rows: BatchRow[];
  done: number;
  total: number;
  running: boolean;
}

/**
 * Sends the same eKey to many recipients on many locks (manage/issueEKeyBatch): the locks, the
 * recipients, one validity, remote unlock and remarks. It goes in calls of a few dozen pairs,
 * with a progress bar, and ends in a table of every lock and recipient, sent or why not. From the
 * lock users (`?account=`), that person starts as the recipient.
 */
export default function IssueEKeyBatchPage() {
  const { t } = useTranslation();
  const sendBatch = useSendEKeyBatch();
  const refresh = useRefreshEKeys();
  const [form] = Form.useForm<BatchValues>();
  const [initial] = useState(() => ({
    validity: newValidity(Date.now()),
    remoteEnable: false,
    remarks: '',
    createUser: false,
  }));
  const [locks, setLocks] = useState<PickedLock[]>([]);
  const [params] = useSearchParams();
  // From a lock user's row (lockUser/issueEKeyBatch?account=...): that person is the recipient.
  const [receivers, setReceivers] = useState<BatchReceiver[]>(() => batchReceiversOf(params.get('account')));
  const [touched, setTouched] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [run, setRun] = useState<Run>();
  const stop = useRef(false);
  const running = run?.running === true;
  // The lock the user came from is chosen for them: picking locks alone is little to lose.
  const dirty = (touched || receivers.length > 0) && run === undefined;
  useLeaveConfirmation(dirty || running);

  async function start(values: BatchValues) {
    if (locks.length === 0) return setProblem(t('errors.selectAtLeastOneLock'));
    if (receivers.length === 0) return setProblem(t('ekey.batch.recipientsRequired'));
    const issue = validityIssue(values.validity, Date.now());
    if (issue) return setProblem(t(issue.key, issue.params));
    setProblem(undefined);
    const grant = grantParams({
      validity: values.validity,
      remarks: values.remarks,
      remoteEnable: values.remoteEnable,
      authorizedAdmin: false,
    });
    const chunks = batchChunks(
      locks.map((item) => item.lockId),
      receivers,
    );
    const total = chunks.reduce((sum, chunk) => sum + chunk.lockIds.length * chunk.receivers.length, 0);
    stop.current = false;
    setRun({ rows: [], done: 0, total, running: true });
    const rows = await runBatch(
      chunks,
      async (chunk) => {
        const reply = await sendBatch.mutateAsync(batchParams(chunk, grant, values.createUser));
        return reply.results.map((result) => ({ ...result }));
      },
      (error) => errorText(t, error),
      (sofar, done) => setRun({ rows: sofar, done, total, running: true }),
      () => stop.current,
    );
    setRun((before) => ({ rows, done: before?.done ?? 0, total, running: false }));
    await refresh();
  }

  const names = new Map(locks.map((item) => [item.lockId, item.lockName]));
  const tally = run ? batchTally(run.rows) : undefined;

  return (
    <Flex vertical gap={16} data-testid="issue-ekey-batch">
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Flex vertical gap={16}>
            <Card title={t('ekey.batch.locks')} size="small">
              <BatchLockPicker selected={locks} onChange={setLocks} disabled={running} />
            </Card>
            <Card title={t('ekey.batch.recipients')} size="small">
              <RecipientList receivers={receivers} onChange={setReceivers} disabled={running} />
            </Card>
          </Flex>
        </Col>
        <Col xs={24} xl={12}>
          <Card title={t('ekey.grantSection')} size="small">
            <Form<BatchValues>
              form={form}
              layout="vertical"
              initialValues={initial}
              onValuesChange={() => setTouched(true)}
              onFinish={(values) => void start(values)}
              disabled={running}
              data-testid="issue-ekey-batch-form"
            >
              <GrantFields keyName={false} adminChoice={false} />
              <Form.Item name="createUser" valuePropName="checked" extra={t('ekey.batch.createUserHint')}>
                <Checkbox data-testid="batch-create-user">{t('ekey.batch.createUser')}</Checkbox>
              </Form.Item>
              <Typography.Paragraph type="secondary">{t('ekey.cycleLockTime')}</Typography.Paragraph>
              {problem ? (
                <Alert type="error" showIcon title={problem} style={{ marginBottom: 12 }} data-testid="batch-problem" />
              ) : null}
              <Flex gap={8} wrap>
                <Button
                  type="primary"
                  htmlType="submit"
                  icon={<SendOutlined />}
                  loading={running}
                  data-testid="batch-submit"
                >
                  {t('ekey.batch.submit', { count: locks.length * receivers.length })}
                </Button>
              </Flex>
            </Form>
            {running ? (
              <Button
                icon={<StopOutlined />}
                onClick={() => {
                  stop.current = true;
                }}
                style={{ marginTop: 8 }}
                data-testid="batch-stop"
              >
                {t('ekey.batch.stop')}
              </Button>
            ) : null}
          </Card>
        </Col>
      </Row>
      {run ? (
        <Card
          size="small"
          title={t('ekey.batch.resultsTitle')}
          extra={
            tally && !running ? (
              <Typography.Text data-testid="batch-tally">
                {t('ekey.batch.tally', { sent: tally.sent, failed: tally.failed })}
              </Typography.Text>
            ) : null
          }
        >
          <Progress
            percent={batchPercent(run.done, run.total)}
            status={running ? 'active' : tally && tally.failed > 0 ? 'exception' : 'success'}
            data-testid="batch-progress"
          />
          <Table<BatchRow>
            size="small"
            rowKey={(row) => `${row.lockId}|${row.receiverUsername}`}
            dataSource={run.rows}
            scroll={{ x: 'max-content' }}
            pagination={run.rows.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
            onRow={(row) => ({ 'data-testid': 'batch-result', 'data-ok': String(row.errorCode === 0) }) as object}
            columns={[
              {
                key: 'lock',
                title: t('ekey.batch.column.lock'),
                render: (_value, row) => names.get(row.lockId) ?? `#${row.lockId}`,
              },
              { key: 'recipient', title: t('ekey.batch.column.recipient'), dataIndex: 'receiverUsername' },
              {
                key: 'result',
                title: t('ekey.batch.column.result'),
                render: (_value, row) =>
                  row.errorCode === 0 && row.callFailure === undefined ? (
                    <Tag color="success">{t('ekey.batch.sent')}</Tag>
                  ) : (
                    <Typography.Text type="danger" data-testid="batch-result-error">
                      {row.callFailure ?? errorCodeText(t, row.errorCode)}
                    </Typography.Text>
                  ),
              },
            ]}
            data-testid="batch-results"
          />
        </Card>
      ) : null}
    </Flex>
  );
}
