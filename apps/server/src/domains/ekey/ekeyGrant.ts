import {
  credentialNotAfter,
  type EKeyGrant,
  type EKeyGrantValidity,
  eKeyCredentialKey,
  grantAdmits,
  signEKeyGrant,
} from '@smartlock/contract';
import type { LockRow } from '../lock/lockQueries';
import type { EKeyRow } from './ekeyQueries';

/** A key's validity, as its credential states it. */
function validityOf(key: EKeyRow): EKeyGrantValidity {
  return {
    validityType: key.validityType,
    ...(key.startDate ? { startDate: key.startDate.getTime() } : {}),
    ...(key.endDate ? { endDate: key.endDate.getTime() } : {}),
    ...(key.cycle ? { cycle: key.cycle } : {}),
  };
}

/**
 * What a key grants, as its credential states it: its validity, and a not-after at the key's end
 * or `issuedAt` plus the lock's maximum credential age, whichever comes first (docs/credentials.md).
 */
export function grantOf(
  key: EKeyRow,
  lock: Pick<LockRow, 'mac' | 'eKeyCredentialMaxAgeDays'>,
  username: string,
  issuedAt = Date.now(),
): EKeyGrant {
  const validity = validityOf(key);
  return {
    v: 2,
    lockMac: lock.mac,
    keyId: key.id,
    version: key.version,
    username,
    ...validity,
    remoteUnlock: key.remoteEnable === 1,
    issuedAt,
    notAfter: credentialNotAfter(validity.endDate, issuedAt, lock.eKeyCredentialMaxAgeDays),
  };
}

/** Whether a key's validity and cycle admit this moment, in the lock's timezone. */
export function keyAdmits(key: EKeyRow, lock: Pick<LockRow, 'timezoneRawOffset'>, at = Date.now()): boolean {
  return grantAdmits(validityOf(key), at, lock.timezoneRawOffset);
}

/** The signed credential for a key's holder, issued now (docs/credentials.md), and its not-after. */
export async function credentialOf(
  key: EKeyRow,
  lock: LockRow,
  username: string,
): Promise<{ credential: string; notAfter: number }> {
  const grant = grantOf(key, lock, username);
  return {
    credential: await signEKeyGrant(await eKeyCredentialKey(lock.lockSecret), grant),
    notAfter: grant.notAfter,
  };
}
