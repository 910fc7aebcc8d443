import { GroupId, hasFeature, LockAdminFlag, signalGradeOfRssi } from '@smartlock/contract';
import { type LockRow, lockRoleOf } from './lockAccess';
import type { LockReach } from './lockReach';

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
