import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  ClockCircleOutlined,
  FieldTimeOutlined,
  LockOutlined,
  SyncOutlined,
  UnlockOutlined,
} from '@ant-design/icons';
import { Button, Flex } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RemoteAction } from './remoteActions';
import type { RemoteOperationControl } from './useRemoteOperation';

const ICONS: Partial<Record<RemoteAction, ReactNode>> = {
  unlock: <UnlockOutlined />,
  lock: <LockOutlined />,
  raise: <ArrowUpOutlined />,
  lower: <ArrowDownOutlined />,
  queryState: <SyncOutlined />,
  queryDate: <ClockCircleOutlined />,
  updateDate: <FieldTimeOutlined />,
};

/** The buttons of a lock's remote actions: unlock and lock (raise and lower for car-park locks), reads, clock calibration. */
export function RemoteActions({ isParkingLock, control }: { isParkingLock: boolean; control: RemoteOperationControl }) {
  const { t } = useTranslation();
  const actions: RemoteAction[] = [
    ...(isParkingLock ? (['raise', 'lower'] as const) : (['unlock', 'lock'] as const)),
    'queryState',
    'queryDate',
    'updateDate',
  ];
  const running = control.busy && control.run.status !== 'idle' ? control.run.action : undefined;
  return (
    <Flex wrap gap={8} style={{ marginTop: 4 }}>
      {actions.map((action, index) => (
        <Button
          key={action}
          size="small"
          type={index === 0 ? 'primary' : 'default'}
          icon={ICONS[action]}
          loading={running === action}
          disabled={running !== undefined && running !== action}
          onClick={() => void control.start(action)}
          data-testid={`remote-${action}`}
        >
          {t(`remote.action.${action}`)}
        </Button>
      ))}
    </Flex>
  );
}
