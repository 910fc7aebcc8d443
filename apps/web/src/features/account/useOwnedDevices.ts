import { useGateways } from '../gateway/gatewayApi';
import { useTransferableLocks } from '../lock/lockApi';
import type { OwnedDevices } from './accountEnd';

/** How many locks and gateways the user owns (the totals of the transfer lists), once both are known. */
export function useOwnedDevices(): { owned: OwnedDevices | undefined; error: unknown; retry: () => void } {
  const locks = useTransferableLocks({ pageNo: 1, pageSize: 1, lockName: '' });
  const gateways = useGateways({ pageNo: 1, pageSize: 1, gatewayName: '' });
  const owned = locks.data && gateways.data ? { locks: locks.data.total, gateways: gateways.data.total } : undefined;
  return {
    owned,
    error: locks.error ?? gateways.error,
    retry: () => {
      void locks.refetch();
      void gateways.refetch();
    },
  };
}
