import { LockRecordType, LockState } from '@smartlock/contract';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../clock';
import { happenAtRandomLock } from '../fleet/trickle';
import { MAX_STORED_CREDENTIALS, SimulatedLock } from './lock';
import type { LockKind } from './lockKind';
import { lockSnapshotSchema, newLockSnapshot } from './lockSnapshot';

const MONDAY_9AM = Date.UTC(2026, 0, 5, 9, 0, 0);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

function makeLock(kind: LockKind = 'door', clock = new ManualClock(MONDAY_9AM)) {
  const lock = new SimulatedLock(newLockSnapshot({ mac: 'AA:BB:CC:00:00:02', kind, battery: 90 }), clock);
  return { lock, clock };
}

const lastRecord = (lock: SimulatedLock) => lock.unsentRecords(1000).at(-1);
const recordTypes = (lock: SimulatedLock) => lock.unsentRecords(1000).map((r) => r.recordType);

describe('credentials the cloud stores on a lock', () => {
  it('stores a card under the cloud id: it opens within its validity only, by the lock clock', () => {
    const { lock, clock } = makeLock();
    const start = clock.now() + MINUTE;
    expect(
      lock.addCredential({
        kind: 'card',
        credentialId: 7,
        value: '1234567890',
        startDate: start,
        endDate: start + HOUR,
      }),
    ).toEqual({ ok: true, result: { credentialId: 7, value: '1234567890' } });
    expect(lastRecord(lock)).toMatchObject({ recordType: LockRecordType.cardAdded, credential: '1234567890' });
    expect(lock.credentials.byCredentialId('card', 7)).toMatchObject({ value: '1234567890', startDate: start });

    expect(lock.localUnlock({ method: 'card', credential: '1234567890' })).toEqual({ ok: false, error: 'rejected' });
    expect(lastRecord(lock)).toMatchObject({ recordType: LockRecordType.cardExpired, success: 0 });
    clock.advance(MINUTE);
    expect(lock.localUnlock({ method: 'card', credential: '1234567890' }).ok).toBe(true);
    expect(lastRecord(lock)).toMatchObject({
      recordType: LockRecordType.cardUnlock,
      success: 1,
      credential: '1234567890',
    });
    lock.lockBolt();
    lock.setDrift(HOUR);
    expect(lock.localUnlock({ method: 'card', credential: '1234567890' }).ok).toBe(false);
    expect(lock.state).toBe(LockState.locked);
  });

  it('refuses a credential it does not store, with the record of its kind', () => {
    const { lock } = makeLock();
    expect(lock.localUnlock({ method: 'card', credential: '5550001111' })).toEqual({ ok: false, error: 'rejected' });
    expect(lock.localUnlock({ method: 'fingerprint', credential: 'digest-x' }).ok).toBe(false);
    expect(lock.localUnlock({ method: 'face', credential: 'photo-digest' }).ok).toBe(false);
    expect(lock.localUnlock({ method: 'keyFob', credential: '4711' }).ok).toBe(false);
    expect(lock.unsentRecords(10).map((r) => [r.recordType, r.success, r.credential])).toEqual([
      [LockRecordType.unknownCard, 0, '5550001111'],
      [LockRecordType.unknownFingerprint, 0, 'digest-x'],
      [LockRecordType.unlockFailed, 0, 'photo-digest'],
      [LockRecordType.unlockFailed, 0, '4711'],
    ]);
    expect(lock.state).toBe(LockState.locked);
  });

  it('honours a weekly cycle in the lock timezone', () => {
    const { lock, clock } = makeLock();
    // Mondays 08:00 to 10:00 lock-local. 09:00 UTC is 07:00 at UTC-2.
    const cycle = { weekDays: [1], startMinute: 8 * 60, endMinute: 10 * 60 };
    lock.addCredential({ kind: 'fingerprint', credentialId: 3, value: 'fp-digest-1', cycle });
    lock.configureTimezone(-2 * HOUR);
    expect(lock.localUnlock({ method: 'fingerprint', credential: 'fp-digest-1' }).ok).toBe(false);
    expect(lastRecord(lock)).toMatchObject({ recordType: LockRecordType.fingerprintExpired, success: 0 });
    clock.advance(HOUR);
    expect(lock.localUnlock({ method: 'fingerprint', credential: 'fp-digest-1' }).ok).toBe(true);
    expect(lastRecord(lock)).toMatchObject({ recordType: LockRecordType.fingerprintUnlock, credential: 'fp-digest-1' });
    lock.lockBolt();
    clock.advance(2 * HOUR);
    expect(lock.localUnlock({ method: 'fingerprint', credential: 'fp-digest-1' }).ok).toBe(false);
    // Tuesday 08:00 lock-local: the right hours on the wrong day.
    clock.advance(22 * HOUR);
    expect(lock.localUnlock({ method: 'fingerprint', credential: 'fp-digest-1' }).ok).toBe(false);
    // Still Monday 23:00 in a timezone 11 hours behind UTC: the right day, the wrong hours.
    lock.configureTimezone(-11 * HOUR);
    expect(lock.localUnlock({ method: 'fingerprint', credential: 'fp-digest-1' }).ok).toBe(false);
    expect(lock.state).toBe(LockState.locked);
  });

  it('changes the validity and cycle of a stored credential, keeping its value; an unknown id is rejected', () => {
    const { lock, clock } = makeLock();
    lock.addCredential({ kind: 'qrCode', credentialId: 4, value: '880012345678', endDate: clock.now() - 1 });
    expect(lock.localUnlock({ method: 'qrCode', credential: '880012345678' }).ok).toBe(false);
    expect(lock.changeCredential({ kind: 'qrCode', credentialId: 4, endDate: clock.now() + HOUR })).toEqual({
      ok: true,
      result: { credentialId: 4 },
    });
    expect(lock.localUnlock({ method: 'qrCode', credential: '880012345678' }).ok).toBe(true);
    lock.lockBolt();
    lock.changeCredential({
      kind: 'qrCode',
      credentialId: 4,
      cycle: { weekDays: [2], startMinute: 0, endMinute: 1440 },
    });
    expect(lock.credentials.byCredentialId('qrCode', 4)).toEqual(
      expect.objectContaining({ value: '880012345678', cycle: { weekDays: [2], startMinute: 0, endMinute: 1440 } }),
    );
    expect(lock.credentials.byCredentialId('qrCode', 4)?.endDate).toBeUndefined();
    expect(lock.localUnlock({ method: 'qrCode', credential: '880012345678' }).ok).toBe(false);
    expect(lock.changeCredential({ kind: 'qrCode', credentialId: 99 })).toEqual({ ok: false, error: 'rejected' });
    expect(lock.changeCredential({ kind: 'card', credentialId: 4 })).toEqual({ ok: false, error: 'rejected' });
  });

  it('refuses a value stored under another id, replaces on a retry, and holds 200 of a kind', () => {
    const { lock, clock } = makeLock();
    lock.addCredential({ kind: 'keyFob', credentialId: 1, value: 'FOB-1' });
    expect(lock.addCredential({ kind: 'keyFob', credentialId: 2, value: 'FOB-1' })).toEqual({
      ok: false,
      error: 'rejected',
    });
    expect(
      lock.addCredential({ kind: 'keyFob', credentialId: 1, value: 'FOB-1', endDate: clock.now() + HOUR }),
    ).toMatchObject({ ok: true });
    expect(lock.credentials.ofKind('keyFob').filter((c) => c.credentialId === 1)).toHaveLength(1);
    expect(lock.credentials.byCredentialId('keyFob', 1)?.endDate).toBe(clock.now() + HOUR);
    // A factory card's number is taken too.
    const factoryCard = lock.credentials.ofKind('card')[0]?.value ?? '';
    expect(lock.addCredential({ kind: 'card', credentialId: 5, value: factoryCard })).toEqual({
      ok: false,
      error: 'rejected',
    });

    const held = lock.credentials.ofKind('card').length;
    for (let id = 100; id < 100 + MAX_STORED_CREDENTIALS - held; id++) {
      expect(lock.addCredential({ kind: 'card', credentialId: id, value: String(9_000_000_000 + id) }).ok).toBe(true);
    }
    expect(lock.credentials.ofKind('card')).toHaveLength(MAX_STORED_CREDENTIALS);
    expect(lock.addCredential({ kind: 'card', credentialId: 999, value: '1111111111' })).toEqual({
      ok: false,
      error: 'storageFull',
    });
    expect(lock.addCredential({ kind: 'card', credentialId: 100, value: '2222222222' }).ok).toBe(true);
    expect(lock.addCredential({ kind: 'face', credentialId: 999, value: 'face-digest' }).ok).toBe(true);
  });

  it('enrols a palm held over its sensor when no value comes, and answers the value', () => {
    const { lock } = makeLock();
    const first = lock.addCredential({ kind: 'palmVein', credentialId: 11 });
    if (!first.ok) throw new Error(first.error);
    expect(first.result.value).toMatch(/^PALM[0-9]{10}$/);
    expect(first.result.credentialId).toBe(11);
    const retry = lock.addCredential({ kind: 'palmVein', credentialId: 11 });
    expect(retry).toEqual(first);
    const other = lock.addCredential({ kind: 'palmVein', credentialId: 12 });
    expect(other.ok && other.result.value).not.toBe(first.result.value);
    expect(lock.localUnlock({ method: 'palmVein', credential: first.result.value })).toMatchObject({ ok: true });
    expect(lastRecord(lock)).toMatchObject({
      recordType: LockRecordType.palmVeinUnlock,
      credential: first.result.value,
    });
  });

  it('deletes by the cloud id (an unknown one is done already) and clears a kind, factory ones too', () => {
    const { lock } = makeLock();
    lock.addCredential({ kind: 'card', credentialId: 1, value: '3000000001' });
    lock.addCredential({ kind: 'card', credentialId: 2, value: '3000000002' });
    lock.addCredential({ kind: 'fingerprint', credentialId: 1, value: 'fp-a' });
    expect(lock.deleteCredential('card', 1)).toEqual({ ok: true, result: { credentialId: 1 } });
    expect(lastRecord(lock)).toMatchObject({ recordType: LockRecordType.cardDeleted, credential: '3000000001' });
    expect(lock.localUnlock({ method: 'card', credential: '3000000001' }).ok).toBe(false);
    expect(lastRecord(lock)).toMatchObject({ recordType: LockRecordType.unknownCard });
    const before = recordTypes(lock).length;
    expect(lock.deleteCredential('card', 1)).toEqual({ ok: true, result: { credentialId: 1 } });
    expect(lock.deleteCredential('fingerprint', 2)).toEqual({ ok: true, result: { credentialId: 2 } });
    expect(recordTypes(lock)).toHaveLength(before);

    expect(lock.clearCredentials('card')).toEqual({ ok: true, result: { count: 2 } });
    expect(lastRecord(lock)).toMatchObject({ recordType: LockRecordType.cardsCleared });
    expect(lock.credentials.ofKind('card')).toEqual([]);
    expect(lock.localUnlock({ method: 'card' }).ok).toBe(false);
    expect(lock.clearCredentials('fingerprint')).toEqual({ ok: true, result: { count: 2 } });
    expect(lastRecord(lock)).toMatchObject({ recordType: LockRecordType.fingerprintsCleared });
    let changes = 0;
    lock.on('changed', () => changes++);
    expect(lock.clearCredentials('face')).toEqual({ ok: true, result: { count: 1 } });
    expect(changes).toBe(1);
    expect(lock.clearCredentials('face')).toEqual({ ok: true, result: { count: 0 } });
  });

  it('answers unsupported for a kind the lock cannot read', () => {
    const hotel = makeLock('hotel').lock;
    expect(hotel.addCredential({ kind: 'fingerprint', credentialId: 1, value: 'x' })).toEqual({
      ok: false,
      error: 'unsupported',
    });
    expect(hotel.addCredential({ kind: 'card', credentialId: 1, value: '1' }).ok).toBe(true);
    const parking = makeLock('parking').lock;
    expect(parking.clearCredentials('card')).toEqual({ ok: false, error: 'unsupported' });
    expect(parking.deleteCredential('card', 1)).toEqual({ ok: false, error: 'unsupported' });
    expect(parking.changeCredential({ kind: 'card', credentialId: 1 })).toEqual({ ok: false, error: 'unsupported' });
  });

  it('keeps cloud ids and cycles in its snapshot, and loads credentials stored before them', () => {
    const { lock, clock } = makeLock();
    const cycle = { weekDays: [1, 2], startMinute: 60, endMinute: 120 };
    lock.addCredential({ kind: 'face', credentialId: 9, value: 'face-1', cycle });
    const snapshot = lockSnapshotSchema.parse(JSON.parse(JSON.stringify(lock.snapshot())));
    expect(snapshot.credentials.find((c) => c.credentialId === 9)).toMatchObject({ value: 'face-1', cycle });
    const again = new SimulatedLock(snapshot, clock);
    expect(again.credentials.byCredentialId('face', 9)?.cycle).toEqual(cycle);

    const old = JSON.parse(JSON.stringify(newLockSnapshot({ mac: 'AA:BB:CC:00:00:03', kind: 'door' })));
    old.credentials = [{ id: 1, kind: 'card', value: '1234', holder: 'Resident' }];
    const loaded = new SimulatedLock(lockSnapshotSchema.parse(old), clock);
    expect(loaded.localUnlock({ method: 'card' })).toMatchObject({ ok: true });
  });

  it('lets the demo trickle open only with credentials the lock still takes', () => {
    const { lock } = makeLock();
    for (const kind of ['card', 'fingerprint', 'face', 'palmVein', 'qrCode', 'keyFob'] as const) {
      lock.clearCredentials(kind);
    }
    lock.credentials.clear('passcode');
    for (let i = 0; i < 60; i++) happenAtRandomLock([lock], Math.random);
    const refused = lock.unsentRecords(1000).filter((r) => r.success === 0);
    expect(refused.every((r) => r.recordType === LockRecordType.wrongPasscode)).toBe(true);
  });
});
