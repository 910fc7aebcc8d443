import {
  DAY_MS,
  type EKeyGrant,
  eKeyCredentialKey,
  HOUR_MS,
  LockRecordType,
  LockState,
  REVOKED_FOR_GOOD,
  signEKeyGrant,
  ValidityType,
} from '@smartlock/contract';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../clock';
import { SimulatedLock } from './lock';
import type { LockKind } from './lockKind';
import { newLockSnapshot } from './lockSnapshot';

const SECRET = 'lock-secret-for-ekey-tests';
const MAC = 'AA:BB:CC:00:00:02';
/** Monday 5 January 2026, 09:00 UTC. */
const MONDAY_9AM = Date.UTC(2026, 0, 5, 9, 0, 0);

function makeLock(options: { offset?: number; kind?: LockKind; secret?: string | null } = {}) {
  const clock = new ManualClock(MONDAY_9AM);
  const snapshot = newLockSnapshot({
    mac: MAC,
    kind: options.kind ?? 'door',
    battery: 90,
    timezoneRawOffset: options.offset ?? 0,
  });
  if (options.secret !== null) snapshot.secret = options.secret ?? SECRET;
  return { lock: new SimulatedLock(snapshot, clock), clock };
}

function grant(fields: Partial<EKeyGrant> = {}): EKeyGrant {
  return {
    v: 2,
    lockMac: MAC,
    keyId: 11,
    version: 1,
    username: 'guest@example.com',
    validityType: ValidityType.permanent,
    remoteUnlock: false,
    issuedAt: MONDAY_9AM - HOUR_MS,
    notAfter: MONDAY_9AM + 30 * DAY_MS,
    ...fields,
  };
}

async function credential(fields: Partial<EKeyGrant> = {}, secret = SECRET): Promise<string> {
  return signEKeyGrant(await eKeyCredentialKey(secret), grant(fields));
}

const refusal = (error: string) => ({ ok: false, error });
const lastRecord = (lock: SimulatedLock) => lock.unsentRecords(200).at(-1);

describe('an eKey credential shown over Bluetooth', () => {
  it('opens the lock and logs an app unlock with the key’s user', async () => {
    const { lock } = makeLock();
    const events: string[] = [];
    lock.on('state', () => events.push('state'));
    expect(await lock.appUnlock(await credential())).toEqual({
      ok: true,
      result: { state: LockState.unlocked, battery: 90 },
    });
    expect(events).toEqual(['state']);
    expect(lastRecord(lock)).toMatchObject({
      recordType: LockRecordType.appUnlock,
      success: 1,
      username: 'guest@example.com',
    });
  });

  it('takes the lock’s MAC in any case, and refuses a credential for another lock', async () => {
    const { lock } = makeLock();
    expect((await lock.appUnlock(await credential({ lockMac: MAC.toLowerCase() }))).ok).toBe(true);
    expect(await lock.appUnlock(await credential({ lockMac: 'AA:BB:CC:00:00:03' }))).toEqual(refusal('wrongLock'));
  });

  it('refuses a credential signed with another key, or tampered with, and logs the failure', async () => {
    const { lock } = makeLock();
    expect(await lock.appUnlock(await credential({}, 'another-lock-secret'))).toEqual(refusal('badCredential'));
    const [body, mac] = (await credential()).split('.');
    const forged = `${body?.slice(0, -2)}AA.${mac}`;
    expect(await lock.appUnlock(forged)).toEqual(refusal('badCredential'));
    expect(await lock.appUnlock('not a credential')).toEqual(refusal('badCredential'));
    expect(lock.state).toBe(LockState.locked);
    expect(lastRecord(lock)).toMatchObject({ recordType: LockRecordType.unlockFailed, success: 0 });
  });

  it('opens only within its validity, by the lock’s own clock', async () => {
    const { lock, clock } = makeLock();
    const limited = await credential({
      validityType: ValidityType.limited,
      startDate: MONDAY_9AM + HOUR_MS,
      endDate: MONDAY_9AM + 2 * HOUR_MS,
    });
    expect(await lock.appUnlock(limited)).toEqual(refusal('outsideValidity'));
    expect(lastRecord(lock)).toMatchObject({
      recordType: LockRecordType.unlockFailed,
      success: 0,
      username: 'guest@example.com',
    });
    lock.setDrift(HOUR_MS);
    expect((await lock.appUnlock(limited)).ok).toBe(true);
    clock.advance(HOUR_MS);
    expect(await lock.appUnlock(limited)).toEqual(refusal('outsideValidity'));
  });

  it('opens with a cyclic key only in its weekly window, in the lock’s timezone', async () => {
    const cyclic = await credential({
      validityType: ValidityType.cyclic,
      startDate: MONDAY_9AM - 24 * HOUR_MS,
      endDate: MONDAY_9AM + 30 * 24 * HOUR_MS,
      cycle: { weekDays: [1], startMinute: 8 * 60, endMinute: 10 * 60 },
    });
    const utc = makeLock();
    const berlin = makeLock({ offset: 2 * HOUR_MS });
    // Monday 09:00 UTC; 11:00 at UTC+2.
    expect((await utc.lock.appUnlock(cyclic)).ok).toBe(true);
    expect(await berlin.lock.appUnlock(cyclic)).toEqual(refusal('outsideValidity'));
    utc.clock.advance(HOUR_MS);
    expect(await utc.lock.appUnlock(cyclic)).toEqual(refusal('outsideValidity'));
    utc.clock.advance(7 * 24 * HOUR_MS - HOUR_MS);
    expect((await utc.lock.appUnlock(cyclic)).ok).toBe(true);
  });

  it('opens with a once key one time per key version', async () => {
    const { lock } = makeLock();
    const window = { startDate: MONDAY_9AM - HOUR_MS, endDate: MONDAY_9AM + HOUR_MS };
    const once = await credential({ validityType: ValidityType.once, ...window });
    expect((await lock.appUnlock(once)).ok).toBe(true);
    expect(await lock.appUnlock(once)).toEqual(refusal('used'));
    const renewed = await credential({ validityType: ValidityType.once, version: 2, ...window });
    expect((await lock.appUnlock(renewed)).ok).toBe(true);
    expect(await lock.appUnlock(renewed)).toEqual(refusal('used'));
  });

  it('refuses versions below a revocation and accepts a newer one; a revocation never goes down', async () => {
    const { lock } = makeLock();
    const changed: string[] = [];
    lock.on('changed', () => changed.push('changed'));
    expect(lock.revokeEKey(11, 3)).toEqual({ ok: true, result: { keyId: 11, belowVersion: 3 } });
    expect(changed).toHaveLength(1);
    expect(await lock.appUnlock(await credential({ version: 2 }))).toEqual(refusal('revoked'));
    expect((await lock.appUnlock(await credential({ version: 3 }))).ok).toBe(true);
    expect((await lock.appUnlock(await credential({ keyId: 12, version: 1 }))).ok).toBe(true);
    expect(lock.revokeEKey(11, 2)).toEqual({ ok: true, result: { keyId: 11, belowVersion: 3 } });
    lock.revokeEKey(11, REVOKED_FOR_GOOD);
    expect(await lock.appUnlock(await credential({ version: 40 }))).toEqual(refusal('revoked'));
  });

  it('opens until the credential’s not-after, by the lock’s own clock, then refuses it', async () => {
    const { lock, clock } = makeLock();
    // Issued an hour ago by the cloud with a 2-day maximum age.
    const fresh = await credential({ notAfter: MONDAY_9AM - HOUR_MS + 2 * DAY_MS });
    expect((await lock.appUnlock(fresh)).ok).toBe(true);
    clock.advance(2 * DAY_MS - HOUR_MS - 1);
    expect((await lock.appUnlock(fresh)).ok).toBe(true);
    clock.advance(1);
    expect(await lock.appUnlock(fresh)).toEqual(refusal('credentialExpired'));
    expect(lastRecord(lock)).toMatchObject({
      recordType: LockRecordType.unlockFailed,
      success: 0,
      username: 'guest@example.com',
    });
    // The lock's clock is what counts: set back inside the age, it opens again.
    lock.setDrift(-DAY_MS);
    expect((await lock.appUnlock(fresh)).ok).toBe(true);
  });

  it('refuses a permanent key’s credential 400 days ahead on the lock’s clock', async () => {
    const { lock } = makeLock();
    const permanent = await credential({
      validityType: ValidityType.permanent,
      notAfter: MONDAY_9AM - HOUR_MS + 7 * DAY_MS,
    });
    expect((await lock.appUnlock(permanent)).ok).toBe(true);
    lock.setDrift(400 * DAY_MS);
    expect(await lock.appUnlock(permanent)).toEqual(refusal('credentialExpired'));
  });

  it('refuses a credential without a not-after (issued before credentials had a maximum age)', async () => {
    const { lock } = makeLock();
    const { notAfter: _dropped, ...legacy } = grant({ validityType: ValidityType.permanent });
    const signed = await signEKeyGrant(await eKeyCredentialKey(SECRET), { ...legacy, v: 1 } as unknown as EKeyGrant);
    expect(await lock.appUnlock(signed)).toEqual(refusal('badCredential'));
  });

  it('is refused, with a clear reason, by a lock without a secret or without a bolt', async () => {
    expect(await makeLock({ secret: null }).lock.appUnlock(await credential())).toEqual(refusal('noSecret'));
    expect(await makeLock({ kind: 'parking' }).lock.appUnlock(await credential())).toEqual(refusal('unsupported'));
  });
});
