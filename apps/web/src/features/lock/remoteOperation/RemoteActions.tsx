import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  ClockCircleOutlined,
  FieldTimeOutlined,
  LockOutlined,
  SyncOutlined,
  UnlockOutlined,
} from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SimpleAction } from './remoteActions';
import type { RemoteOperationControl } from './useRemoteOperation';

const ICONS: Partial<Record<SimpleAction, ReactNode>> = {
  unlock: <UnlockOutlined />,
  lock: <LockOutlined />,
  raise: <ArrowUpOutlined />,
  lower: <ArrowDownOutlined />,
  queryState: <SyncOutlined />,
  queryDate: <ClockCircleOutlined />,
  updateDate: <FieldTimeOutlined />,
};

/** A lock's usual remote actions: unlock and lock (raise and lower for car-park locks), reads, clock calibration. */
export function defaultActions(isParkingLock: boolean): SimpleAction[] {
  return [
    ...(isParkingLock ? (['raise', 'lower'] as const) : (['unlock', 'lock'] as const)),
    'queryState',
    'queryDate',
    'updateDate',
  ];
}

/**
 * The buttons of a lock's remote actions (unlock or raise stands out); `actions` picks which (the
 * usual ones by default). With `unavailable` (why no online gateway reaches the lock now) the
 * buttons are disabled and the reason shown beside them.
 */
export function RemoteActions({
  isParkingLock,
  control,
  actions = defaultActions(isParkingLock),
  unavailable,
}: {
  isParkingLock: boolean;
  control: RemoteOperationControl;
  actions?: readonly SimpleAction[];
  unavailable?: string | undefined;
}) {
  const { t } = useTranslation();
  const running = control.busy && control.run.status !== 'idle' ? control.run.action : undefined;
  return (
    <Flex wrap gap={8} align="center">
      {actions.map((action) => (
        <Button
          key={action}
          size="small"
          type={action === 'unlock' || action === 'raise' ? 'primary' : 'default'}
          icon={ICONS[action]}
          loading={running === action}
          disabled={unavailable !== undefined || (running !== undefined && running !== action)}
          onClick={() => void control.start(action)}
          data-testid={`remote-${action}`}
        >
          {t(`remote.action.${action}`)}
        </Button>
      ))}
      {unavailable !== undefined ? (
        <Typography.Text type="secondary" data-testid="remote-unavailable">
          {unavailable}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
