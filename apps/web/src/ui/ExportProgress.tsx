import { Flex, Progress, Typography } from 'antd';
import type { ReactNode } from 'react';

/** Where an export stands; "preparing", "running" and "downloading" are all under way. */
export type ExportState = 'preparing' | 'running' | 'downloading' | 'done' | 'failed' | 'stopped';

const STATUS: Record<ExportState, 'active' | 'success' | 'exception' | 'normal'> = {
  preparing: 'active',
  running: 'active',
  downloading: 'active',
  done: 'success',
  failed: 'exception',
  stopped: 'normal',
};

/**
 * An export's progress bar and the line under it (`<testId>-run` with data-state,
 * `<testId>-progress`, `<testId>-message`): one look for every export the console makes.
 */
export function ExportProgress({
  testId,
  state,
  percent,
  message,
}: {
  testId: string;
  state: ExportState;
  percent: number;
  message: ReactNode;
}) {
  return (
    <Flex vertical gap={8} data-testid={`${testId}-run`} data-state={state}>
      <Progress percent={percent} status={STATUS[state]} data-testid={`${testId}-progress`} />
      <Typography.Text type={state === 'failed' ? 'danger' : 'secondary'} data-testid={`${testId}-message`}>
        {message}
      </Typography.Text>
    </Flex>
  );
}
