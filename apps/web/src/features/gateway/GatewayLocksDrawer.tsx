import { OnlineState } from '@smartlock/contract';
import { Alert, Drawer, Empty, Flex, Grid, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../ui/LoadError';
import { GatewayLockCard } from './GatewayLockCard';
import { type GatewayItem, useGatewayLocks } from './gatewayApi';

/** The locks a gateway reaches, each with its remote actions. */
export function GatewayLocksDrawer({ item, onClose }: { item: GatewayItem; onClose: () => void }) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const locks = useGatewayLocks(item.gatewayId);
  return (
    <Drawer
      open
      onClose={onClose}
      title={t('gateway.locksTitle', { name: item.gatewayName })}
      size={screens.md ? 760 : '100%'}
      data-testid="gateway-locks-drawer"
    >
      {item.isOnline === OnlineState.offline ? (
        <Alert type="warning" showIcon title={t('gateway.offlineWarning')} style={{ marginBottom: 16 }} />
      ) : null}
      {locks.isPending ? (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin />
        </Flex>
      ) : locks.isError ? (
        <LoadError error={locks.error} retry={() => void locks.refetch()} />
      ) : locks.data.list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('gateway.noLocks')} />
      ) : (
        <Flex vertical gap={12}>
          {locks.data.list.map((lock) => (
            <GatewayLockCard key={lock.lockId} lock={lock} />
          ))}
        </Flex>
      )}
    </Drawer>
  );
}
