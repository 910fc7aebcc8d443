import {
  eKeyCredentialKey,
  encodeOfflinePasscode,
  HOUR_MS,
  LockRecordType,
  LockState,
  localHourOf,
  offlinePasscodeKey,
  PasscodeType,
  RemoteUnlockSwitch,
  Switch,
  signEKeyGrant,
  startResidueOf,
  uploadedRecord,
  ValidityType,
} from '@smartlock/contract';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../clock';
import { SimulatedLock } from './lock';
import type { LockKind } from './lockKind';
import { lockSnapshotSchema, newLockSnapshot } from './lockSnapshot';

const MONDAY_9AM = Date.UTC(2026, 0, 5, 9, 0, 0);

function makeLock(kind: LockKind = 'door', clock = new ManualClock(MONDAY_9AM)) {
  const lock = new SimulatedLock(newLockSnapshot({ mac: 'AA:BB:CC:00:00:01', kind, battery: 90 }), clock);
  const events: string[] = [];
  lock.on('state', () => events.push('state'));
  lock.on('bolt', (state) => events.push(`bolt:${state}`));
  return { lock, clock, events };
}

const recordTypes = (lock: SimulatedLock) => lock.unsentRecords(200).map((r) => r.recordType);

describe('a lock', () => {
  it('refuses remote unlock while its own remote-unlock switch is off', () => {
    const { lock } = makeLock();
    expect(lock.remoteUnlock('owner@example.com')).toEqual({ ok: false, error: 'remoteUnlockDisabled' });
    expect(lock.state).toBe(LockState.locked);
    expect(lock.unsentRecordCount).toBe(0);
  });

  it('unlocks remotely with the switch on and logs a remote unlock with the operator', () => {
    const { lock, clock } = makeLock();
    lock.setSwitch('remoteUnlock', RemoteUnlockSwitch.on);
    const outcome = lock.remoteUnlock('owner@example.com');
    expect(outcome).toEqual({ ok: true, result: { state: LockState.unlocked, battery: 90 } });
    const [record] = lock.unsentRecords(200);
    expect(uploadedRecord.parse(record)).toEqual({
      recordId: '1',
      recordType: LockRecordType.remoteUnlock,
      success: 1,
      lockTime: clock.now(),
      username: 'owner@example.com',
      battery: 90,
    });
  });

  it('relocks after its auto-lock time, logs it and tells the gateway on its own', () => {
    const { lock, clock, events } = makeLock('hotel');
    lock.localUnlock({ method: 'card' });
    expect(events).toEqual(['bolt:1', 'state']);
    clock.advance(4_999);
    expect(lock.state).toBe(LockState.unlocked);
    clock.advance(1);
    expect(lock.state).toBe(LockState.locked);
    expect(events).toEqual(['bolt:1', 'state', 'bolt:0', 'state']);
    expect(recordTypes(lock)).toEqual([LockRecordType.cardUnlock, LockRecordType.autoLock]);
  });

  it('numbers its records in order and forgets only acknowledged ones', () => {
    const { lock } = makeLock();
    lock.localUnlock({ method: 'button' });
    lock.lockBolt();
    lock.localUnlock({ method: 'mechanicalKey' });
    expect(lock.unsentRecords(200).map((r) => r.recordId)).toEqual(['1', '2', '3']);
    lock.acknowledgeRecords(['1', '3']);
    expect(lock.unsentRecords(200).map((r) => r.recordId)).toEqual(['2']);
    lock.localUnlock({ method: 'button' });
    expect(lock.unsentRecords(200).map((r) => r.recordId)).toEqual(['2', '4']);
  });

  it('writes the right record type for each way of opening it at the door', () => {
    const { lock } = makeLock();
    for (const method of [
      'passcode',
      'card',
      'fingerprint',
      'face',
      'palmVein',
      'qrCode',
      'keyFob',
      'app',
      'mechanicalKey',
      'button',
    ] as const)
      expect(lock.localUnlock({ method, username: 'guest' }).ok).toBe(true);
    expect(recordTypes(lock)).toEqual([
      LockRecordType.passcodeUnlock,
      LockRecordType.cardUnlock,
      LockRecordType.fingerprintUnlock,
      LockRecordType.faceUnlock,
      LockRecordType.palmVeinUnlock,
      LockRecordType.qrCodeUnlock,
      LockRecordType.keyFobUnlock,
      LockRecordType.appUnlock,
      LockRecordType.mechanicalKeyUnlock,
      LockRecordType.lockButtonUnlock,
    ]);
    expect(makeLock('hotel').lock.localUnlock({ method: 'palmVein' })).toEqual({ ok: false, error: 'unsupported' });
  });

  it('logs a wrong passcode as a failed attempt and stays locked', () => {
    const { lock, events } = makeLock();
    expect(lock.localUnlock({ method: 'passcode', credential: '000000', valid: false })).toEqual({
      ok: false,
      error: 'rejected',
    });
    expect(lock.state).toBe(LockState.locked);
    expect(events).toEqual([]);
    expect(lock.unsentRecords(1)[0]).toMatchObject({
      recordType: LockRecordType.wrongPasscode,
      success: 0,
      credential: '000000',
    });
  });

  it('takes a credential it does not store as valid (an offline passcode), with who presented it', () => {
    const { lock } = makeLock();
    expect(lock.localUnlock({ method: 'passcode', credential: '123456', username: 'guest@example.com' })).toMatchObject(
      {
        ok: true,
      },
    );
    expect(lock.unsentRecords(1)[0]).toMatchObject({
      recordType: LockRecordType.passcodeUnlock,
      username: 'guest@example.com',
      credential: '123456',
    });
  });

  it('accepts a stored passcode only within its validity', () => {
    const { lock, clock } = makeLock();
    lock.storeCredential({ kind: 'passcode', value: '424242', holder: 'Tenant', endDate: clock.now() + 60_000 });
    expect(lock.localUnlock({ method: 'passcode', credential: '424242' })).toMatchObject({ ok: true });
    expect(lock.unsentRecords(200).at(-1)).toMatchObject({ username: 'Tenant', credential: '424242' });
    clock.advance(61_000);
    expect(lock.localUnlock({ method: 'passcode', credential: '424242' })).toMatchObject({ ok: false });
  });

  it('keeps its clock with drift and loses the drift when the clock is set', () => {
    const { lock, clock } = makeLock();
    lock.setDrift(90_000);
    expect(lock.queryClock()).toEqual({ ok: true, result: { lockTime: clock.now() + 90_000 } });
    lock.setClock(clock.now());
    expect(lock.clockDriftMs).toBe(0);
    expect(recordTypes(lock)).toEqual([LockRecordType.clockCalibrated]);
  });

  it('stays unlocked through a passage-mode period and relocks after it', () => {
    const { lock, clock, events } = makeLock();
    // Monday 09:00 UTC; the period is 09:01 to 09:03 on Mondays.
    lock.setPassagePeriods([{ weekDays: [1], startMinute: 9 * 60 + 1, endMinute: 9 * 60 + 3 }]);
    lock.setSwitch('passageMode', Switch.on);
    clock.advance(60_000);
    expect(lock.inPassageMode).toBe(true);
    expect(lock.state).toBe(LockState.unlocked);
    lock.localUnlock({ method: 'card' });
    clock.advance(30_000);
    expect(lock.state).toBe(LockState.unlocked);
    clock.advance(90_000);
    expect(lock.inPassageMode).toBe(false);
    clock.advance(10_000);
    expect(lock.state).toBe(LockState.locked);
    expect(recordTypes(lock)).toEqual([
      LockRecordType.passageModeStart,
      LockRecordType.cardUnlock,
      LockRecordType.passageModeEnd,
      LockRecordType.autoLock,
    ]);
    expect(events.filter((e) => e === 'state')).toHaveLength(3);
  });

  it('follows its own timezone for passage mode', () => {
    const { lock, clock } = makeLock();
    lock.setTimezoneRawOffset(2 * 3_600_000);
    lock.setPassagePeriods([{ weekDays: [1], startMinute: 11 * 60, endMinute: 12 * 60 }]);
    lock.setSwitch('passageMode', Switch.on);
    expect(lock.inPassageMode).toBe(true);
    clock.advance(3_600_000);
    expect(lock.inPassageMode).toBe(false);
  });

  it('drains its battery a little per motor operation', () => {
    const { lock } = makeLock();
    lock.setSwitch('remoteUnlock', RemoteUnlockSwitch.on);
    for (let i = 0; i < 10; i++) {
      lock.remoteUnlock();
      lock.lockBolt();
    }
    expect(lock.batteryPercent).toBe(88);
  });

  it('answers unsupported for what its kind cannot do', () => {
    const door = makeLock('door').lock;
    const parking = makeLock('parking').lock;
    expect(door.controlParking('raising')).toEqual({ ok: false, error: 'unsupported' });
    expect(door.setSwitch('hotelMode', 1)).toEqual({ ok: false, error: 'unsupported' });
    expect(parking.remoteUnlock()).toEqual({ ok: false, error: 'unsupported' });
    expect(parking.lockBolt()).toEqual({ ok: false, error: 'unsupported' });
    expect(parking.localUnlock({ method: 'app' })).toEqual({ ok: false, error: 'unsupported' });
  });

  it('raises and lowers a car-park barrier with its records', () => {
    const { lock } = makeLock('parking');
    expect(lock.controlParking('lowering')).toEqual({ ok: true, result: { parking: 'lowered', battery: 90 } });
    expect(lock.controlParking('raising')).toMatchObject({ ok: true, result: { parking: 'raised' } });
    expect(recordTypes(lock)).toEqual([LockRecordType.parkingLockLower, LockRecordType.parkingLockRaise]);
  });

  it('refuses switch values that are not the switch’s own', () => {
    const { lock } = makeLock('hotel');
    expect(lock.setSwitch('remoteUnlock', 0)).toEqual({ ok: false, error: 'malformed' });
    expect(lock.setSwitch('hotelMode', 0)).toEqual({ ok: true, result: { name: 'hotelMode', value: 0 } });
    expect(lock.queryState()).toMatchObject({ ok: true, result: { switches: { hotelMode: 0, remoteUnlock: 2 } } });
  });

  it('comes back from its snapshot as it was, auto-lock included', () => {
    const { lock, clock } = makeLock('hotel');
    lock.setDrift(1_234);
    lock.localUnlock({ method: 'passcode' });
    const again = new SimulatedLock(lock.snapshot(), clock);
    lock.dispose();
    expect(again.snapshot()).toEqual(lock.snapshot());
    clock.advance(5_000);
    expect(again.state).toBe(LockState.locked);
    expect(again.unsentRecords(200).map((r) => r.recordId)).toEqual(['1', '2']);
  });

  it('keeps its secret, activated and blocked codes, the last clear and eKey revocations across a snapshot', async () => {
    const clock = new ManualClock(MONDAY_9AM);
    const secret = 'round-trip-secret';
    const snapshot = newLockSnapshot({ mac: 'AA:BB:CC:00:00:01', kind: 'door', battery: 90 });
    snapshot.secret = secret;
    const lock = new SimulatedLock(snapshot, clock);
    const key = await offlinePasscodeKey(secret);
    const hour = localHourOf(clock.now(), 0);
    const code = (type: 1 | 2 | 4, startHour: number, serial = 0) =>
      encodeOfflinePasscode(key, { type, startResidue: startResidueOf(startHour), serial });
    const once = await code(PasscodeType.once, hour - 3);
    const permanent = await code(PasscodeType.permanent, hour - 3);
    const clear = await code(PasscodeType.clear, hour - 2);
    const afterClear = await code(PasscodeType.permanent, hour - 1, 1);
    const onceAfterClear = await code(PasscodeType.once, hour - 1, 1);
    const deleted = await code(PasscodeType.permanent, hour, 2);
    const eKey = await signEKeyGrant(await eKeyCredentialKey(secret), {
      v: 2,
      lockMac: lock.mac,
      keyId: 5,
      version: 2,
      username: 'guest@example.com',
      validityType: ValidityType.once,
      startDate: clock.now() - HOUR_MS,
      endDate: clock.now() + HOUR_MS,
      remoteUnlock: false,
      issuedAt: clock.now(),
      notAfter: clock.now() + HOUR_MS,
    });
    await lock.enterPasscode(permanent);
    await lock.enterPasscode(clear);
    expect(await lock.enterPasscode(once)).toEqual({ ok: false, error: 'cleared' });
    await lock.enterPasscode(afterClear);
    await lock.enterPasscode(onceAfterClear);
    lock.deletePasscode(9, deleted);
    lock.revokeEKey(4, 3);
    await lock.appUnlock(eKey);

    const saved = lockSnapshotSchema.parse(JSON.parse(JSON.stringify(lock.snapshot())));
    lock.dispose();
    const again = new SimulatedLock(saved, clock);
    expect(again.snapshot()).toEqual(saved);
    expect(saved.secret).toBe(secret);
    expect(again.hasSecret).toBe(true);
    expect(await again.appUnlock(eKey)).toEqual({ ok: false, error: 'used' });
    clock.advance(48 * HOUR_MS);
    expect(await again.enterPasscode(permanent)).toEqual({ ok: false, error: 'blocked' });
    expect(await again.enterPasscode(onceAfterClear)).toEqual({ ok: false, error: 'used' });
    expect((await again.enterPasscode(afterClear)).ok).toBe(true);
    expect(await again.enterPasscode(deleted)).toEqual({ ok: false, error: 'blocked' });
    expect(saved.eKeys?.revocations).toEqual([{ keyId: 4, belowVersion: 3 }]);
    expect(saved.keypad?.clearedBeforeHour).toBe(hour - 2);
  });

  it('loads a snapshot written before locks kept a secret and a passcode memory', async () => {
    const clock = new ManualClock(MONDAY_9AM);
    const {
      secret: _secret,
      keypad: _keypad,
      eKeys: _eKeys,
      ...old
    } = new SimulatedLock(newLockSnapshot({ mac: 'AA:BB:CC:00:00:01', kind: 'door', battery: 90 }), clock).snapshot();
    const lock = new SimulatedLock(lockSnapshotSchema.parse(JSON.parse(JSON.stringify(old))), clock);
    expect(lock.hasSecret).toBe(false);
    expect(await lock.enterPasscode('123456789')).toEqual({ ok: false, error: 'noSecret' });
    expect(lock.localUnlock({ method: 'passcode' }).ok).toBe(true);
    expect(lock.snapshot()).toMatchObject({ keypad: { activated: [], blocked: [] } });
  });
});
