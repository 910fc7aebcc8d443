import { LockRole, parseLockId } from '@smartlock/contract';
import { lock } from '@smartlock/contract/refs';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useConsole } from '../../../app/context';
import type { TransferableLock } from '../lockApi';

/** The lock named by `?lockId=` (one the user owns), to start the transfer with it chosen. */
export function usePreselectedLock(choose: (lock: TransferableLock) => void): void {
  const { api } = useConsole();
  const [params] = useSearchParams();
  const lockId = parseLockId(params.get('lockId'));
  useEffect(() => {
    if (lockId === undefined) return;
    let live = true;
    api
      .call(lock.detail, { lockId })
      .then((detail) => {
        if (live && detail.role === LockRole.owner) {
          choose({ lockId: detail.lockId, lockName: detail.lockName, lockMac: detail.lockMac });
        }
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api, lockId, choose]);
}
