import { Radio } from 'antd';
import type { ReactNode } from 'react';
import type { LockDetail } from '../lockApi';
import { OperationStatus } from '../remoteOperation/OperationStatus';
import type { RemoteRequest } from '../remoteOperation/remoteActions';
import { useRemoteOperation } from '../remoteOperation/useRemoteOperation';
import { SettingRow } from './SettingRow';

/**
 * A setting with a few values to choose from: the choice shows what the lock (or server) last
 * confirmed and moves only once the change is confirmed; meanwhile the status says how it goes.
 */
export function ChoiceSetting<V extends number>({
  detail,
  value,
  choices,
  request,
  title,
  description,
  testId,
}: {
  detail: LockDetail;
  value: number;
  choices: readonly { value: V; label: string }[];
  request: (value: V) => RemoteRequest;
  title: ReactNode;
  description?: ReactNode;
  testId: string;
}) {
  const control = useRemoteOperation(detail.lockId);
  return (
    <SettingRow
      testId={testId}
      title={title}
      description={description}
      control={
        <Radio.Group
          value={value}
          disabled={control.busy}
          onChange={(event) => void control.start(request(event.target.value as V))}
          options={choices.map((choice) => ({
            value: choice.value,
            label: <span data-testid={`${testId}-${choice.value}`}>{choice.label}</span>,
          }))}
        />
      }
    >
      <OperationStatus run={control.run} isParkingLock={detail.isParkingLock} />
    </SettingRow>
  );
}
