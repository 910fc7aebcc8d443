import { UnlockOutlined } from '@ant-design/icons';
import type { DataOf, RemoteOperation } from '@smartlock/contract';
import { lock } from '@smartlock/contract/refs';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, List, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/failureMessage';
import { useConsole } from '../../../app/context';
import { useUserInfo } from '../../../app/userInfo';
import type { LockItem } from '../lockQueries';
import { OperationStatus } from '../remote/OperationStatus';
import { failureKey } from '../remote/operationView';
import { useRemoteOperation } from '../remote/useRemoteOperation';
import { hasAdvancedFunction, lockIdList } from './batchUnlock';

type BatchEntry = DataOf<typeof lock.batchUnlock>['list'][number];

/** One started unlock, followed live with the console's usual remote-operation status. */
function FollowedUnlock({ operation }: { operation: RemoteOperation }) {
  const control = useRemoteOperation(operation.lockId);
  const { follow } = control;
  useEffect(() => follow('unlock', operation), [follow, operation]);
  return <OperationStatus run={control.run} isParkingLock={false} />;
}

/** The per-lock results of a batch unlock: each started operation live, or why it could not start (the server's message). */
function BatchUnlockResults({ entries, names }: { entries: BatchEntry[]; names: Map<number, string> }) {
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
              <FollowedUnlock operation={entry.operation} />
            ) : (
              <Alert
                type="error"
                showIcon
                title={t('lockList.batch.notStarted')}
                description={
                  <span data-testid="batch-unlock-reason">{entry.errorMsg || t(failureKey(entry.errorCode))}</span>
                }
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
 * trial or open); otherwise it explains what is needed without calling.
 */
export function BatchUnlock({ selected, onDone }: { selected: LockItem[]; onDone: () => void }) {
  const { t } = useTranslation();
  const { api } = useConsole();
  const info = useUserInfo();
  const [explain, setExplain] = useState(false);
  const [names, setNames] = useState(new Map<number, string>());
  const unlock = useMutation({
    mutationFn: (lockIds: number[]) => api.call(lock.batchUnlock, { lockIdList: lockIdList(lockIds) }),
  });

  const start = () => {
    if (!hasAdvancedFunction(info.data?.paidUserStatus)) {
      setExplain(true);
      return;
    }
    setExplain(false);
    setNames(new Map(selected.map((item) => [item.lockId, item.lockName])));
    unlock.mutate(
      selected.map((item) => item.lockId),
      { onSuccess: onDone },
    );
  };

  return (
    <div style={{ marginBottom: 16 }} data-testid="batch-unlock-bar">
      <Space wrap>
        <Button
          icon={<UnlockOutlined />}
          disabled={selected.length === 0}
          loading={unlock.isPending}
          onClick={start}
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
          <BatchUnlockResults entries={unlock.data.list} names={names} />
        </Card>
      ) : null}
    </div>
  );
}
