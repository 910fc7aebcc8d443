import { type EKeyGrant, eKeyCredentialKey, grantAdmits, signEKeyGrant } from '@smartlock/contract';
import type { ekeys } from '../../db/schema';
import type { LockRow } from '../lock/lockAccess';

export type EKeyRow = typeof ekeys.$inferSelect;

/** What a key grants, as its credential states it. */
export function grantOf(key: EKeyRow, lockMac: string, username: string, issuedAt = Date.now()): EKeyGrant {
  return {
    v: 1,
    lockMac,
    keyId: key.id,
    version: key.version,
    username,
    validityType: key.validityType,
    ...(key.startDate ? { startDate: key.startDate.getTime() } : {}),
    ...(key.endDate ? { endDate: key.endDate.getTime() } : {}),
    ...(key.cycle ? { cycle: key.cycle } : {}),
    remoteUnlock: key.remoteEnable === 1,
    issuedAt,
  };
}

/** Whether a key's validity and cycle admit this moment, in the lock's timezone. */
export function keyAdmits(key: EKeyRow, lock: Pick<LockRow, 'mac' | 'timezoneRawOffset'>, at = Date.now()): boolean {
  return grantAdmits(grantOf(key, lock.mac, ''), at, lock.timezoneRawOffset);
}

/** The signed credential for a key's holder (docs/credentials.md). */
export async function credentialOf(key: EKeyRow, lock: LockRow, username: string): Promise<string> {
  return signEKeyGrant(await eKeyCredentialKey(lock.lockSecret), grantOf(key, lock.mac, username));
}
