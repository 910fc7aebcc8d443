import { UnlockOutlined } from '@ant-design/icons';
import type { DataOf, RemoteOperation } from '@smartlock/contract';
import type { lock } from '@smartlock/contract/refs';
import { Alert, App, Button, Card, List, Space, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/failureMessage';
import { useUserInfo } from '../../../app/userInfo';
import { type LockItem, useBatchUnlock } from '../lockApi';
import { OperationStatus } from '../remoteOperation/OperationStatus';
import { failureKey, operationView } from '../remoteOperation/operationView';
import { useRemoteOperation } from '../remoteOperation/useRemoteOperation';
import { type BatchOutcome, batchSummary, hasAdvancedFunction, listOf, lockIdList } from './batchUnlock';

type BatchEntry = DataOf<typeof lock.batchUnlock>['list'][number];

/** How a started unlock ended, as its lock's row tells the summary: unlocked, or not and why. */
type Ended = { ok: true } | { ok: false; reason: string };

/** One started unlock, followed live with the console's usual remote-operation status; says how it ended. */
function FollowedUnlock({
  operation,
  onEnd,
}: {
  operation: RemoteOperation;
  onEnd: (lockId: number, ended: Ended) => void;
}) {
  const { t } = useTranslation();
  const control = useRemoteOperation(operation.lockId);
  const { follow, run } = control;
  useEffect(() => follow('unlock', operation), [follow, operation]);
  useEffect(() => {
    if (run.status === 'idle') return;
    const view = operationView(run);
    if (view.busy) return;
    const reason = 'key' in view.detail ? t(view.detail.key) : view.detail.text;
    onEnd(operation.lockId, view.phase === 'success' ? { ok: true } : { ok: false, reason });
  }, [run, onEnd, operation.lockId, t]);
  return <OperationStatus run={run} isParkingLock={false} />;
}

/** Why a lock of the batch could not start (the server's message, else the catalogue's). */
function notStartedReason(t: TFunction, entry: BatchEntry): string {
  return entry.errorMsg || t(failureKey(entry.errorCode));
}

/** The batch's result in one place: the locks that opened and those that did not (with why), by name. */
function BatchSummaryView({ outcomes }: { outcomes: BatchOutcome[] }) {
  const { t, i18n } = useTranslation();
  const summary = batchSummary(outcomes);
  const list = (names: string[]) => listOf(names, i18n.language);
  return (
    <Alert
      type={summary.tone}
      showIcon
      title={
        <Space orientation="vertical" size={2}>
          {summary.unlocked.length > 0 ? (
            <span data-testid="batch-unlock-unlocked">
              {t('remote.batch.unlocked', { names: list(summary.unlocked) })}
            </span>
          ) : null}
          {summary.failed.length > 0 ? (
            <span data-testid="batch-unlock-failed">
              {t('remote.batch.failed', {
                names: list(
                  summary.failed.map((f) => t('remote.batch.failedLock', { name: f.name, reason: f.reason })),
                ),
              })}
            </span>
          ) : null}
          {summary.underWay.length > 0 ? (
            <span data-testid="batch-unlock-under-way">
              {t('remote.batch.underWay', { names: list(summary.underWay) })}
            </span>
          ) : null}
        </Space>
      }
      style={{ marginBottom: 8 }}
      data-testid="batch-unlock-summary"
      data-done={summary.done}
    />
  );
}

/** The per-lock results of a batch unlock: each started operation live, or why it could not start (the server's message). */
function BatchUnlockResults({
  entries,
  names,
  onEnd,
}: {
  entries: BatchEntry[];
  names: Map<number, string>;
  onEnd: (lockId: number, ended: Ended) => void;
}) {
  const { t } = useTranslation();
  return (
    <List
      size="small"
      dataSource={entries}
      rowKey={(entry) => entry.lockId}
      data-testid="batch-unlock-results"
      renderItem={(entry) => (
        <List.Item data-testid="batch-unlock-result" data-lock-id={entry.lockId}>
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Typography.Text strong>{names.get(entry.lockId) ?? `#${entry.lockId}`}</Typography.Text>
            {entry.operation && entry.errorCode === 0 ? (
              <FollowedUnlock operation={entry.operation} onEnd={onEnd} />
            ) : (
              <Alert
                type="error"
                showIcon
                title={t('lockList.batch.notStarted')}
                description={<span data-testid="batch-unlock-reason">{notStartedReason(t, entry)}</span>}
              />
            )}
          </Space>
        </List.Item>
      )}
    />
  );
}

/**
 * "Unlock selected" on the lock list: owners only, and only with the advanced function (VIP on
 * trial or open); otherwise it explains what is needed without calling. It asks first, naming the
 * locks; the result names the locks that opened and those that did not, with why.
 */
export function BatchUnlock({ selected, onDone }: { selected: LockItem[]; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const { modal } = App.useApp();
  const info = useUserInfo();
  const [explain, setExplain] = useState(false);
  const [names, setNames] = useState(new Map<number, string>());
  const [ended, setEnded] = useState(new Map<number, Ended>());
  const unlock = useBatchUnlock();
  const onEnd = useCallback(
    (lockId: number, end: Ended) =>
      setEnded((before) => (before.has(lockId) ? before : new Map(before).set(lockId, end))),
    [],
  );

  const start = async () => {
    if (!hasAdvancedFunction(info.data?.paidUserStatus)) {
      setExplain(true);
      return;
    }
    setExplain(false);
    const picked = [...selected];
    const confirmed = await modal.confirm({
      title: t('remote.batch.confirmTitle'),
      content: (
        <span data-testid="batch-unlock-confirm-locks">
          {t('remote.batch.confirmBody', {
            names: listOf(
              picked.map((item) => item.lockName),
              i18n.language,
            ),
          })}
        </span>
      ),
      okText: t('lockList.batch.unlockSelected', { number: picked.length }),
      okButtonProps: { 'data-testid': 'batch-unlock-confirm' },
    });
    if (!confirmed) return;
    setNames(new Map(picked.map((item) => [item.lockId, item.lockName])));
    setEnded(new Map());
    unlock.mutate({ lockIdList: lockIdList(picked.map((item) => item.lockId)) }, { onSuccess: onDone });
  };

  const outcomes: BatchOutcome[] = (unlock.data?.list ?? []).map((entry) => {
    const name = names.get(entry.lockId) ?? `#${entry.lockId}`;
    if (!(entry.operation && entry.errorCode === 0))
      return { lockId: entry.lockId, name, state: 'failed', reason: notStartedReason(t, entry) };
    const end = ended.get(entry.lockId);
    if (!end) return { lockId: entry.lockId, name, state: 'underWay' };
    return end.ok
      ? { lockId: entry.lockId, name, state: 'unlocked' }
      : { lockId: entry.lockId, name, state: 'failed', reason: end.reason };
  });

  return (
    <div style={{ marginBottom: 16 }} data-testid="batch-unlock-bar">
      <Space wrap>
        <Button
          icon={<UnlockOutlined />}
          disabled={selected.length === 0}
          loading={unlock.isPending}
          onClick={() => void start()}
          data-testid="batch-unlock"
        >
          {t('lockList.batch.unlockSelected', { number: selected.length })}
        </Button>
        <Typography.Text type="secondary">{t('lockList.batch.hint')}</Typography.Text>
      </Space>
      {explain ? (
        <Alert
          type="warning"
          showIcon
          closable={{ onClose: () => setExplain(false) }}
          title={t('lockList.batch.needsAdvanced')}
          description={t('errors.advancedFunctionRequired')}
          style={{ marginTop: 12 }}
          data-testid="batch-unlock-needs-advanced"
        />
      ) : null}
      {unlock.isError ? (
        <Alert type="error" showIcon title={errorText(t, unlock.error)} style={{ marginTop: 12 }} />
      ) : null}
      {unlock.data ? (
        <Card
          size="small"
          title={t('lockList.batch.resultsTitle')}
          extra={<Button onClick={() => unlock.reset()}>{t('lockList.batch.close')}</Button>}
          style={{ marginTop: 12 }}
        >
          <BatchSummaryView outcomes={outcomes} />
          <BatchUnlockResults entries={unlock.data.list} names={names} onEnd={onEnd} />
        </Card>
      ) : null}
    </div>
  );
}
