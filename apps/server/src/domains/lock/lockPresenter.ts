import { GroupId, hasFeature, LockAdminFlag, LockRole, signalGradeOfRssi } from '@smartlock/contract';
import type { LockRow } from './lockQueries';
import type { LockReach } from './lockReach';

/** The caller's role on a lock they manage, as the contract numbers it (LockRole). */
export function lockRoleOf(lock: Pick<LockRow, 'ownerId'>, userId: number): number {
  return lock.ownerId === userId ? LockRole.owner : LockRole.authorizedAdmin;
}

/**
 * A lock as the console's list shows it, for a caller who manages it (owner or authorized
 * administrator). `reach` is undefined when no gateway is bound to the lock.
 */
export function presentLockItem(lock: LockRow, userId: number, groupId: number | null, reach: LockReach | undefined) {
  const online = reach?.online === true;
  return {
    lockId: lock.id,
    lockName: lock.name,
    lockMac: lock.mac,
    state: lock.state,
    battery: lock.battery,
    groupId: groupId ?? GroupId.ungrouped,
    role: lockRoleOf(lock, userId),
    isAdmin: LockAdminFlag.yes,
    hasGateway: reach ? 1 : 0,
    hasOnlineGateway: online ? 1 : 0,
    signalGrade: online ? signalGradeOfRssi(reach?.rssi ?? null) : 0,
    gatewayName: reach?.gatewayName ?? '',
    isParkingLock: hasFeature(lock.featureValue, 'parkingLock'),
    featureValue: lock.featureValue,
  };
}
