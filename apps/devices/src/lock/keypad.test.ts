import {
  CyclicPasscodeSubtype,
  encodeOfflinePasscode,
  HOUR_MS,
  LockRecordType,
  LockState,
  localHourOf,
  type OfflinePayload,
  offlinePasscodeKey,
  PasscodeType,
  startResidueOf,
} from '@smartlock/contract';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../clock';
import { ACTIVATED_PASSCODE_CAPACITY, KEYPAD_LOCKOUT_MS, MAX_CUSTOM_PASSCODES, PasscodeMemory } from './keypad';
import { SimulatedLock } from './lock';
import type { LockKind } from './lockKind';
import { newLockSnapshot } from './lockSnapshot';

const SECRET = 'lock-secret-for-keypad-tests';
/** Monday 5 January 2026, 09:00 UTC. */
const MONDAY_9AM = Date.UTC(2026, 0, 5, 9, 0, 0);

function makeLock(options: { offset?: number; secret?: string | null; kind?: LockKind; clock?: ManualClock } = {}) {
  const clock = options.clock ?? new ManualClock(MONDAY_9AM);
  const snapshot = newLockSnapshot({
    mac: 'AA:BB:CC:00:00:01',
    kind: options.kind ?? 'door',
    battery: 90,
    timezoneRawOffset: options.offset ?? 0,
  });
  if (options.secret !== null) snapshot.secret = options.secret ?? SECRET;
  const lock = new SimulatedLock(snapshot, clock);
  /** The lock-local hour now. */
  const nowHour = () => localHourOf(lock.lockTime(), options.offset ?? 0);
  return { lock, clock, nowHour };
}

async function offlineCode(payload: OfflinePayload, secret = SECRET): Promise<string> {
  return encodeOfflinePasscode(await offlinePasscodeKey(secret), payload);
}

const startingAt = (type: 1 | 2 | 4, startHour: number, serial = 0) =>
  offlineCode({ type, startResidue: startResidueOf(startHour), serial });

const lastRecord = (lock: SimulatedLock) => lock.unsentRecords(10_000).at(-1);
const recordTypes = (lock: SimulatedLock) => lock.unsentRecords(10_000).map((r) => r.recordType);
const refusal = (error: string) => ({ ok: false, error });

describe('the keypad with offline passcodes', () => {
  it('opens with a once code one time only, logging the digits', async () => {
    const { lock, nowHour } = makeLock();
    const code = await startingAt(PasscodeType.once, nowHour());
    expect(await lock.enterPasscode(code)).toEqual({ ok: true, result: { state: LockState.unlocked, battery: 90 } });
    expect(lastRecord(lock)).toMatchObject({ recordType: LockRecordType.passcodeUnlock, success: 1, credential: code });
    expect(await lock.enterPasscode(code)).toEqual(refusal('used'));
    expect(lastRecord(lock)).toMatchObject({ recordType: LockRecordType.wrongPasscode, success: 0, credential: code });
  });

  it('checks one code at a time in the order typed', async () => {
    const { lock, nowHour } = makeLock();
    const code = await startingAt(PasscodeType.once, nowHour());
    const [first, second] = await Promise.all([lock.enterPasscode(code), lock.enterPasscode(code)]);
    expect(first.ok).toBe(true);
    expect(second).toEqual(refusal('used'));
  });

  it('refuses a number that is no code of this lock, and a code made for another lock', async () => {
    const { lock, nowHour } = makeLock();
    const foreign = await offlineCode(
      { type: PasscodeType.permanent, startResidue: startResidueOf(nowHour()), serial: 0 },
      'another-lock-secret',
    );
    const outcomes = [await lock.enterPasscode('12345'), await lock.enterPasscode(foreign)];
    // A foreign code may by chance decode under this lock's key too, but never to a code valid now.
    expect(outcomes.map((o) => o.ok)).toEqual([false, false]);
    expect(outcomes[0]).toEqual(refusal('wrongCode'));
    expect(lock.state).toBe(LockState.locked);
  });

  it('activates a permanent code only within 24 hours of its start, then opens with it for good', async () => {
    const { lock, clock, nowHour } = makeLock();
    const tooLate = await startingAt(PasscodeType.permanent, nowHour() - 24);
    // Unused for a whole day: the lock reads its start as one a period (a year) later.
    expect(await lock.enterPasscode(tooLate)).toEqual(refusal('notYetValid'));
    const ahead = await startingAt(PasscodeType.permanent, nowHour() + 2, 1);
    expect(await lock.enterPasscode(ahead)).toEqual(refusal('notYetValid'));
    const justInTime = await startingAt(PasscodeType.permanent, nowHour() - 23, 2);
    expect((await lock.enterPasscode(justInTime)).ok).toBe(true);
    clock.advance(400 * 24 * HOUR_MS);
    expect((await lock.enterPasscode(justInTime)).ok).toBe(true);
    expect(await lock.enterPasscode(tooLate)).toMatchObject({ ok: false });
  });

  it('opens with a limited code from its start until its end, not before and not after', async () => {
    const { lock, clock, nowHour } = makeLock();
    const start = nowHour() + 2;
    const code = await offlineCode({
      type: PasscodeType.limited,
      startResidue: startResidueOf(start),
      duration: { hours: 3 },
      serial: 0,
    });
    expect(await lock.enterPasscode(code)).toEqual(refusal('notYetValid'));
    clock.advance(2 * HOUR_MS);
    expect((await lock.enterPasscode(code)).ok).toBe(true);
    clock.advance(3 * HOUR_MS - 1);
    expect((await lock.enterPasscode(code)).ok).toBe(true);
    clock.advance(1);
    expect(await lock.enterPasscode(code)).toEqual(refusal('expired'));

    const over = await offlineCode({
      type: PasscodeType.limited,
      startResidue: startResidueOf(nowHour() - 5),
      duration: { hours: 2 },
      serial: 1,
    });
    expect(await lock.enterPasscode(over)).toEqual(refusal('expired'));
  });

  it('opens with a cyclic code only on its weekdays and hours in the lock’s own timezone', async () => {
    const payload: OfflinePayload = {
      type: PasscodeType.cyclic,
      subtype: CyclicPasscodeSubtype.weekday,
      fromHour: 8,
      toHour: 10,
      serial: 0,
    };
    const code = await offlineCode(payload);
    const clock = new ManualClock(MONDAY_9AM);
    const utcLock = makeLock({ clock }).lock;
    const tokyoLock = makeLock({ clock, offset: 9 * HOUR_MS }).lock;
    // Monday 09:00 UTC is 18:00 in Tokyo.
    expect((await utcLock.enterPasscode(code)).ok).toBe(true);
    expect(await tokyoLock.enterPasscode(code)).toEqual(refusal('outsideValidity'));
    clock.set(Date.UTC(2026, 0, 6, 0, 30)); // Tuesday 09:30 in Tokyo
    expect((await tokyoLock.enterPasscode(code)).ok).toBe(true);
    expect(await utcLock.enterPasscode(code)).toEqual(refusal('outsideValidity'));
    clock.set(Date.UTC(2026, 0, 10, 0, 30)); // Saturday 09:30 in Tokyo
    expect(await tokyoLock.enterPasscode(code)).toEqual(refusal('outsideValidity'));
    clock.set(Date.UTC(2026, 0, 12, 0, 30)); // Monday 09:30 in Tokyo
    expect((await tokyoLock.enterPasscode(code)).ok).toBe(true);
  });

  it('erases and blocks every earlier code with a clear code, without opening', async () => {
    const { lock, clock, nowHour } = makeLock();
    const permanent = await startingAt(PasscodeType.permanent, nowHour() - 1);
    const neverUsed = await startingAt(PasscodeType.permanent, nowHour() - 2, 1);
    expect((await lock.enterPasscode(permanent)).ok).toBe(true);
    expect(lock.addPasscode({ passcodeId: 7, code: '135790' }).ok).toBe(true);
    lock.lockBolt();

    const clear = await startingAt(PasscodeType.clear, nowHour());
    expect(await lock.enterPasscode(clear)).toEqual({
      ok: true,
      result: { state: LockState.locked, battery: expect.any(Number), cleared: true },
    });
    expect(lastRecord(lock)).toMatchObject({ recordType: LockRecordType.passcodesCleared, success: 1 });
    expect(lock.state).toBe(LockState.locked);
    expect(lock.credentials.ofKind('passcode')).toEqual([]);

    expect(await lock.enterPasscode(permanent)).toEqual(refusal('blocked'));
    expect(await lock.enterPasscode('135790')).toEqual(refusal('blocked'));
    expect(await lock.enterPasscode(neverUsed)).toEqual(refusal('cleared'));
    expect(await lock.enterPasscode(clear)).toEqual(refusal('cleared'));

    const later = await startingAt(PasscodeType.permanent, nowHour() + 1, 3);
    clock.advance(HOUR_MS);
    expect((await lock.enterPasscode(later)).ok).toBe(true);
  });

  it('blocks an offline code it has never seen when the cloud deletes it', async () => {
    const { lock, nowHour } = makeLock();
    const code = await startingAt(PasscodeType.permanent, nowHour());
    expect(lock.deletePasscode(31, code)).toEqual({ ok: true, result: { passcodeId: 31 } });
    expect(lastRecord(lock)).toMatchObject({ recordType: LockRecordType.passcodeDeleted, credential: code });
    expect(await lock.enterPasscode(code)).toEqual(refusal('blocked'));
    expect(lock.localUnlock({ method: 'passcode', credential: code })).toEqual(refusal('rejected'));
  });

  it('refuses offline codes, with a clear reason, when it has no secret', async () => {
    const { lock, nowHour } = makeLock({ secret: null });
    const code = await startingAt(PasscodeType.permanent, nowHour());
    expect(lock.hasSecret).toBe(false);
    expect(await lock.enterPasscode(code)).toEqual(refusal('noSecret'));
    expect(lock.addPasscode({ passcodeId: 1, code: '2468' }).ok).toBe(true);
    expect((await lock.enterPasscode('2468')).ok).toBe(true);
  });
});

describe('custom passcodes', () => {
  it('are added, refused as duplicates, changed and deleted by the cloud’s passcodeId, each with its record', async () => {
    const { lock, clock, nowHour } = makeLock();
    expect(lock.addPasscode({ passcodeId: 1, code: '123456' })).toEqual({ ok: true, result: { passcodeId: 1 } });
    expect(lock.addPasscode({ passcodeId: 2, code: '123456' })).toEqual(refusal('duplicatePasscode'));
    const offline = await startingAt(PasscodeType.permanent, nowHour());
    expect((await lock.enterPasscode(offline)).ok).toBe(true);
    expect(lock.addPasscode({ passcodeId: 3, code: offline })).toEqual(refusal('duplicatePasscode'));
    expect((await lock.enterPasscode('123456')).ok).toBe(true);
    expect(lastRecord(lock)).toMatchObject({ recordType: LockRecordType.passcodeUnlock, credential: '123456' });

    const start = clock.now() + HOUR_MS;
    expect(lock.changePasscode({ passcodeId: 1, code: '654321', startDate: start })).toEqual({
      ok: true,
      result: { passcodeId: 1 },
    });
    expect(lock.changePasscode({ passcodeId: 42, code: '111111' })).toEqual(refusal('rejected'));
    expect(lock.changePasscode({ passcodeId: 1, code: offline })).toEqual(refusal('duplicatePasscode'));
    expect(await lock.enterPasscode('123456')).toEqual(refusal('wrongCode'));
    expect(await lock.enterPasscode('654321')).toEqual(refusal('notYetValid'));
    clock.advance(HOUR_MS);
    expect((await lock.enterPasscode('654321')).ok).toBe(true);

    expect(lock.deletePasscode(1, '654321')).toEqual({ ok: true, result: { passcodeId: 1 } });
    expect(await lock.enterPasscode('654321')).toEqual(refusal('wrongCode'));
    expect(recordTypes(lock).filter((t) => t >= 13 && t <= 15)).toEqual([
      LockRecordType.passcodeAdded,
      LockRecordType.passcodeChanged,
      LockRecordType.passcodeDeleted,
    ]);
  });

  it('open only before their end date', async () => {
    const { lock, clock } = makeLock();
    lock.addPasscode({ passcodeId: 5, code: '8080', endDate: clock.now() + 60_000 });
    expect((await lock.enterPasscode('8080')).ok).toBe(true);
    clock.advance(60_000);
    expect(await lock.enterPasscode('8080')).toEqual(refusal('expired'));
  });

  it('fill the lock’s memory at 150, and a retry of the same passcodeId takes no more room', () => {
    const { lock } = makeLock();
    for (let id = 1; id <= MAX_CUSTOM_PASSCODES; id++) {
      expect(lock.addPasscode({ passcodeId: id, code: String(10_000_000 + id) }).ok).toBe(true);
    }
    expect(lock.addPasscode({ passcodeId: 999, code: '99999999' })).toEqual(refusal('storageFull'));
    expect(lock.addPasscode({ passcodeId: 1, code: '10000001' }).ok).toBe(true);
  });

  it('are not for a lock without a keypad', async () => {
    const { lock } = makeLock({ kind: 'parking' });
    expect(lock.addPasscode({ passcodeId: 1, code: '1234' })).toEqual(refusal('unsupported'));
    expect(await lock.enterPasscode('1234')).toEqual(refusal('unsupported'));
  });
});

describe('the keypad lockout', () => {
  it('refuses everything for 5 minutes after 5 wrong codes in a row', async () => {
    const { lock, clock } = makeLock();
    lock.addPasscode({ passcodeId: 1, code: '424242' });
    for (let i = 0; i < 5; i++) expect(await lock.enterPasscode(`00000${i}`)).toEqual(refusal('wrongCode'));
    expect(lastRecord(lock)).toMatchObject({ recordType: LockRecordType.wrongCredentialLockout });
    expect(await lock.enterPasscode('424242')).toEqual(refusal('keypadLocked'));
    expect(lastRecord(lock)).toMatchObject({ recordType: LockRecordType.wrongPasscode, success: 0 });
    clock.advance(KEYPAD_LOCKOUT_MS - 1);
    expect(await lock.enterPasscode('424242')).toEqual(refusal('keypadLocked'));
    clock.advance(1);
    expect((await lock.enterPasscode('424242')).ok).toBe(true);
  });

  it('counts again from zero after a right code', async () => {
    const { lock } = makeLock();
    lock.addPasscode({ passcodeId: 1, code: '424242' });
    for (let i = 0; i < 4; i++) await lock.enterPasscode('000000');
    expect((await lock.enterPasscode('424242')).ok).toBe(true);
    for (let i = 0; i < 4; i++) expect(await lock.enterPasscode('000000')).toEqual(refusal('wrongCode'));
    expect((await lock.enterPasscode('424242')).ok).toBe(true);
  });
});

describe('the memory of activated codes', () => {
  it('keeps the 1000 most recently used and forgets the least recently used first', () => {
    const memory = new PasscodeMemory();
    const nowHour = localHourOf(MONDAY_9AM, 0);
    const payload: OfflinePayload = { type: PasscodeType.permanent, startResidue: startResidueOf(nowHour), serial: 0 };
    const type = (code: string) => memory.judge(code, payload, true, MONDAY_9AM, 0);
    for (let i = 0; i < ACTIVATED_PASSCODE_CAPACITY; i++) type(String(100_000_000 + i));
    type('100000000'); // used again: now the most recent
    type('199999999'); // one more than it holds
    expect(memory.isActivated('100000000')).toBe(true);
    expect(memory.isActivated('100000001')).toBe(false);
    expect(memory.snapshot().activated).toHaveLength(ACTIVATED_PASSCODE_CAPACITY);
  });
});

describe('the trusted local unlock shortcut', () => {
  it('still takes an unknown passcode as valid, and logs one marked wrong', () => {
    const { lock } = makeLock();
    expect(lock.localUnlock({ method: 'passcode', credential: '777777' }).ok).toBe(true);
    expect(lock.localUnlock({ method: 'passcode', credential: '000000', valid: false })).toEqual(refusal('rejected'));
  });
});
