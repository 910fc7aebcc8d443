import { randomInt } from 'node:crypto';
import { EventEmitter } from 'node:events';
import {
  type DeviceCommandParams,
  type DeviceCommandResult,
  decodeOfflinePasscode,
  eKeyCredentialKey,
  LISTED_CREDENTIALS_MAX,
  type LockCredentialKind,
  LockRecordType,
  LockState,
  OFFLINE_PASSCODE_DIGITS,
  type OfflinePayload,
  offlinePasscodeKey,
  ParkingLockAction,
  RemoteUnlockSwitch,
  type RoomStatus,
  readEKeyGrant,
  Switch,
  type UploadedRecord,
} from '@smartlock/contract';
import { type Clock, OneShotTimer, systemClock } from '../clock';
import { Battery } from './battery';
import {
  admitsAt,
  type CredentialKind,
  CredentialStore,
  type NewCredential,
  type StoredCredential,
} from './credentials';
import { type AppUnlockRefusal, EKeyMemory } from './eKeys';
import { type KeypadRefusal, type KeypadVerdict, MAX_CUSTOM_PASSCODES, PasscodeMemory } from './keypad';
import { LOCAL_UNLOCK_METHODS, type LocalUnlock, localUnlockMethod } from './localUnlock';
import { type LockKind, lockSupports } from './lockKind';
import type { LockSnapshot } from './lockSnapshot';
import { type LockOutcome, refused, succeeded } from './outcome';
import { inPassagePeriod, localMoment, msToNextMinute, type PassagePeriod } from './passageMode';
import { allowedSwitchValues, hasSwitch, isSwitchName, type SwitchValues } from './switches';
import { type NewRecord, UnlockLog } from './unlockLog';

export type BoltState = (typeof LockState)[keyof typeof LockState];
export type ParkingPosition = 'raised' | 'lowered';
type RecordType = (typeof LockRecordType)[keyof typeof LockRecordType];
type BoltResult = DeviceCommandResult<'unlock'>;
type CustomPasscode = DeviceCommandParams<'addPasscode'>;
type LockCredential = DeviceCommandParams<'addCredential'>;

/** Passcode digits a lock can list (the device vocabulary's). */
const LISTABLE_CODE = /^[0-9]{4,9}$/;

/** How many credentials of each kind (cards, fingerprints, faces...) the lock holds at most. */
export const MAX_STORED_CREDENTIALS = 200;

/** What the keypad did with a right code: opened the bolt, or (a clear code) erased passcodes and left it locked. */
export type KeypadResult = BoltResult & { cleared?: true };

/** Who did it, as the log says. */
interface Actor {
  username?: string;
  credential?: string;
}

export interface LockEvents {
  /** The bolt or battery changed on its own: auto-lock, passage mode, someone at the door. */
  state: [];
  /** The bolt moved, whatever moved it. */
  bolt: [state: BoltState];
  /** A car-park lock's barrier moved. */
  parking: [position: ParkingPosition];
  /** The lock's clock was set or drifted. */
  clock: [driftMs: number];
  /** New entries in the log, to upload. */
  records: [];
  /** Something the state file keeps changed. */
  changed: [];
}

/**
 * A Bluetooth lock: its bolt (or car-park barrier), clock, battery, switches, passage mode,
 * stored credentials and log. Operations answer as the lock would over Bluetooth; what it does
 * on its own (auto-lock, passage mode, someone at the door) is told through events.
 */
export class SimulatedLock extends EventEmitter<LockEvents> {
  readonly mac: string;
  readonly kind: LockKind;
  readonly credentials: CredentialStore;
  private bolt: BoltState;
  private readonly battery: Battery;
  private driftMs: number;
  private timezoneRawOffset: number;
  private autoLockSeconds: number;
  private passagePeriods: PassagePeriod[];
  private readonly switches: SwitchValues;
  private roomStatus: number;
  private parking: ParkingPosition | undefined;
  private readonly log: UnlockLog;
  private passageActive: boolean;
  private readonly autoLock: OneShotTimer;
  private readonly passageCheck: OneShotTimer;
  private readonly secret: string | undefined;
  private keys: { offline: Promise<string>; eKey: Promise<string> } | undefined;
  private readonly passcodes: PasscodeMemory;
  private readonly eKeys: EKeyMemory;
  /** Checks that need the crypto (keypad, app unlock) run one after the other, in call order. */
  private checking: Promise<unknown> = Promise.resolve();

  constructor(
    snapshot: LockSnapshot,
    private readonly clock: Clock = systemClock,
  ) {
    super();
    this.mac = snapshot.mac;
    this.kind = snapshot.kind;
    this.bolt = snapshot.bolt;
    this.battery = new Battery(snapshot.battery);
    this.driftMs = snapshot.driftMs;
    this.timezoneRawOffset = snapshot.timezoneRawOffset;
    this.autoLockSeconds = snapshot.autoLockSeconds;
    this.passagePeriods = snapshot.passagePeriods.map((period) => ({ ...period, weekDays: [...period.weekDays] }));
    this.switches = { ...(snapshot.switches as SwitchValues) };
    this.roomStatus = snapshot.roomStatus;
    this.parking = snapshot.parking;
    this.credentials = new CredentialStore(snapshot.credentials);
    this.log = new UnlockLog(snapshot.log);
    this.secret = snapshot.secret;
    this.passcodes = new PasscodeMemory(snapshot.keypad);
    this.eKeys = new EKeyMemory(snapshot.eKeys);
    this.autoLock = new OneShotTimer(clock);
    this.passageCheck = new OneShotTimer(clock);
    this.passageActive = this.passageModeNow();
    this.schedulePassageCheck();
    if (this.bolt === LockState.unlocked) this.armAutoLock();
  }

  get state(): BoltState {
    return this.bolt;
  }

  get batteryPercent(): number {
    return this.battery.percent;
  }

  get isParkingLock(): boolean {
    return lockSupports(this.kind, 'parkingLock');
  }

  get parkingPosition(): ParkingPosition | undefined {
    return this.parking;
  }

  get clockDriftMs(): number {
    return this.driftMs;
  }

  get inPassageMode(): boolean {
    return this.passageActive;
  }

  get hotelRoomStatus(): number {
    return this.roomStatus;
  }

  /** Whether it knows its secret (so it can check offline passcodes and eKey credentials). */
  get hasSecret(): boolean {
    return this.secret !== undefined;
  }

  /** The time by the lock's own clock (epoch ms). */
  lockTime(): number {
    return this.clock.now() + this.driftMs;
  }

  switchValue(name: keyof SwitchValues): number {
    return this.switches[name];
  }

  // Operations over Bluetooth (what a gateway command asks of the lock).

  /** Unlock through the gateway: only when the lock's own remote-unlock switch is on. */
  remoteUnlock(operator?: string): LockOutcome<BoltResult> {
    if (this.isParkingLock) return refused('unsupported');
    if (this.switches.remoteUnlock !== RemoteUnlockSwitch.on) return refused('remoteUnlockDisabled');
    this.openBolt(LockRecordType.remoteUnlock, { username: operator });
    return succeeded(this.boltResult());
  }

  lockBolt(): LockOutcome<BoltResult> {
    if (this.isParkingLock) return refused('unsupported');
    this.closeBolt(LockRecordType.appLock);
    return succeeded(this.boltResult());
  }

  queryState(): LockOutcome<DeviceCommandResult<'queryState'>> {
    return succeeded({
      ...this.boltResult(),
      switches: { ...this.switches },
      ...(this.parking ? { parking: this.parking } : {}),
      autoLockSeconds: this.autoLockSeconds,
    });
  }

  queryClock(): LockOutcome<DeviceCommandResult<'queryClock'>> {
    return succeeded({ lockTime: this.lockTime() });
  }

  /** Clock calibration: from now on the lock's clock reads `time`. */
  setClock(time: number): LockOutcome<DeviceCommandResult<'setClock'>> {
    this.driftMs = time - this.clock.now();
    this.record(LockRecordType.clockCalibrated, {});
    this.emit('clock', this.driftMs);
    this.followPassageMode();
    return succeeded({ lockTime: this.lockTime() });
  }

  controlParking(action: string): LockOutcome<DeviceCommandResult<'parkingLock'>> {
    if (!this.isParkingLock) return refused('unsupported');
    const raising = action === ParkingLockAction.raising;
    this.parking = raising ? 'raised' : 'lowered';
    this.runMotor(raising ? LockRecordType.parkingLockRaise : LockRecordType.parkingLockLower, {});
    this.emit('parking', this.parking);
    return succeeded({ parking: this.parking, battery: this.battery.percent });
  }

  setSwitch(name: string, value: number): LockOutcome<DeviceCommandResult<'setSwitch'>> {
    if (!isSwitchName(name) || !hasSwitch(this.kind, name)) return refused('unsupported');
    if (!allowedSwitchValues(name).includes(value)) return refused('malformed');
    this.switches[name] = value;
    this.emit('changed');
    this.followPassageMode();
    return succeeded({ name, value });
  }

  // What happens at the lock itself.

  /**
   * Someone opens the lock where it stands: with a credential (see LocalUnlock for which count
   * as valid: a card, fingerprint, face, palm vein, QR code or key fob must be stored and valid
   * now, cycle included; a wrong one is logged and refused), the app's eKey, the mechanical key
   * or the inside button. A shortcut that trusts passcodes it does not store; enterPasscode and
   * appUnlock check a passcode or an eKey credential as the lock really does.
   */
  localUnlock(request: LocalUnlock): LockOutcome<BoltResult> {
    const method = localUnlockMethod(request.method);
    if (this.isParkingLock || (method.feature && !lockSupports(this.kind, method.feature))) {
      return refused('unsupported');
    }
    const actor: Actor = { username: request.username };
    if (method.credential) {
      const lockTime = this.lockTime();
      const kind = method.credential;
      const presented = request.credential ?? this.validCredentials(kind)[0]?.value;
      const stored = presented === undefined ? undefined : this.credentials.find(kind, presented);
      const refusedAs = this.refusalOf(method, presented, stored, request.valid, lockTime);
      if (refusedAs !== undefined) {
        this.record(refusedAs, { ...actor, credential: presented }, 0);
        return refused('rejected');
      }
      actor.username ??= stored?.holder;
      actor.credential = presented;
    }
    this.openBolt(method.recordType, actor);
    this.emit('state');
    return succeeded(this.boltResult());
  }

  /**
   * Someone types `code` at the keypad. The lock checks it on its own, by its clock and in its
   * timezone: a custom passcode it stores (valid now), else not a blocked code, else an offline
   * code it activated before (permanent, limited until its end, cyclic in its window; a once
   * code never again), else an offline code it decodes with its secret, activated now if it is
   * within ACTIVATION_HOURS of its start and starts after the last clear code. A clear code
   * erases every custom passcode and activated code (they are blocked) and leaves the bolt
   * closed. Logs `passcodeUnlock` (or `passcodesCleared`), else `wrongPasscode` with success 0;
   * KEYPAD_MAX_WRONG wrong codes in a row lock the keypad for KEYPAD_LOCKOUT_MS
   * (`wrongCredentialLockout`).
   */
  enterPasscode(code: string): Promise<LockOutcome<KeypadResult, KeypadRefusal>> {
    return this.inTurn(async () => {
      const payload = await this.decodeOffline(code);
      return this.keypadEntry(code, payload);
    });
  }

  /**
   * The holder's app shows an eKey credential over Bluetooth: it opens when the lock's eKey key
   * signed it, it names this lock, its version is not revoked (revokeEKey), it admits the
   * lock's clock in the lock's timezone, the lock's clock is before its not-after (its maximum
   * age), and (a once key) it was not used before. Logs
   * `appUnlock` with the key's user, else `unlockFailed` with success 0.
   */
  appUnlock(credential: string): Promise<LockOutcome<BoltResult, AppUnlockRefusal>> {
    return this.inTurn(async () => {
      if (this.isParkingLock) return refused('unsupported');
      const keys = this.secretKeys();
      const grant = keys ? await readEKeyGrant(await keys.eKey, credential) : undefined;
      const lockTime = this.lockTime();
      const why = !keys
        ? 'noSecret'
        : !grant
          ? 'badCredential'
          : this.eKeys.judge(grant, this.mac, lockTime, this.timezoneRawOffset);
      if (why) {
        this.record(LockRecordType.unlockFailed, { username: grant?.username }, 0);
        return refused(why);
      }
      this.openBolt(LockRecordType.appUnlock, { username: grant?.username });
      this.emit('state');
      return succeeded(this.boltResult());
    });
  }

  /** The lock's clock runs `ms` ahead (negative: behind) from now on. */
  setDrift(ms: number): void {
    this.driftMs = ms;
    this.emit('clock', ms);
    this.emit('changed');
    this.followPassageMode();
  }

  setAutoLockSeconds(seconds: number): void {
    this.autoLockSeconds = Math.max(0, Math.floor(seconds));
    this.emit('changed');
    if (this.bolt === LockState.unlocked) this.armAutoLock();
  }

  setPassagePeriods(periods: readonly PassagePeriod[]): void {
    this.passagePeriods = periods.map((period) => ({ ...period, weekDays: [...period.weekDays] }));
    this.emit('changed');
    this.followPassageMode();
  }

  setTimezoneRawOffset(offsetMs: number): void {
    this.timezoneRawOffset = offsetMs;
    this.emit('changed');
    this.followPassageMode();
  }

  /** A hotel lock's room: checked in or empty. */
  setRoomStatus(
    status: (typeof RoomStatus)[keyof typeof RoomStatus],
  ): LockOutcome<DeviceCommandResult<'setRoomStatus'>> {
    if (!lockSupports(this.kind, 'hotelLock')) return refused('unsupported');
    this.roomStatus = status;
    this.emit('changed');
    return succeeded({ status });
  }

  /** Over Bluetooth: the auto-lock time, for locks that have auto-lock. */
  configureAutoLock(seconds: number): LockOutcome<DeviceCommandResult<'setAutoLock'>> {
    if (!lockSupports(this.kind, 'autoLock')) return refused('unsupported');
    this.setAutoLockSeconds(seconds);
    return succeeded({ seconds: this.autoLockSeconds });
  }

  /** Over Bluetooth: the lock's UTC offset. */
  configureTimezone(offsetMs: number): LockOutcome<DeviceCommandResult<'setTimezone'>> {
    this.setTimezoneRawOffset(offsetMs);
    return succeeded({ offset: this.timezoneRawOffset });
  }

  /** Over Bluetooth: passage mode on or off with its periods, for locks that have it. */
  configurePassageMode(
    enabled: boolean,
    periods: readonly PassagePeriod[],
  ): LockOutcome<DeviceCommandResult<'setPassageMode'>> {
    if (!lockSupports(this.kind, 'passageMode')) return refused('unsupported');
    this.switches.passageMode = enabled ? Switch.on : Switch.off;
    this.switches.allDayPassage = Switch.off;
    this.setPassagePeriods(periods);
    return succeeded({
      enabled,
      periods: this.passagePeriods.map((period) => ({ ...period, weekDays: [...period.weekDays] })),
    });
  }

  /**
   * Over Bluetooth: stores a custom passcode (type 6) under the cloud's `passcodeId` (again with
   * the same id: replaced, a retry). `duplicatePasscode` when another stored passcode or an
   * activated offline code has the digits; `storageFull` beyond MAX_CUSTOM_PASSCODES.
   */
  addPasscode(passcode: CustomPasscode): LockOutcome<DeviceCommandResult<'addPasscode'>> {
    if (!lockSupports(this.kind, 'passcode')) return refused('unsupported');
    const existing = this.customPasscode(passcode.passcodeId);
    if (this.passcodeTaken(passcode.code, existing)) return refused('duplicatePasscode');
    const custom = this.credentials.ofKind('passcode').filter((entry) => entry.passcodeId !== undefined);
    if (!existing && custom.length >= MAX_CUSTOM_PASSCODES) return refused('storageFull');
    if (existing) this.credentials.replace(existing.id, customPasscodeEntry(passcode));
    else this.credentials.add(customPasscodeEntry(passcode));
    this.record(LockRecordType.passcodeAdded, { credential: passcode.code });
    return succeeded({ passcodeId: passcode.passcodeId });
  }

  /** Over Bluetooth: new digits and validity for the custom passcode `passcodeId` (`rejected` when it holds none). */
  changePasscode(passcode: CustomPasscode): LockOutcome<DeviceCommandResult<'changePasscode'>> {
    if (!lockSupports(this.kind, 'passcode')) return refused('unsupported');
    const existing = this.customPasscode(passcode.passcodeId);
    if (!existing) return refused('rejected');
    if (this.passcodeTaken(passcode.code, existing)) return refused('duplicatePasscode');
    this.credentials.replace(existing.id, customPasscodeEntry(passcode));
    this.record(LockRecordType.passcodeChanged, { credential: passcode.code });
    return succeeded({ passcodeId: passcode.passcodeId });
  }

  /**
   * Over Bluetooth: erases the custom passcode `passcodeId`; any other code (an offline one,
   * seen or not) is blocked for good.
   */
  deletePasscode(passcodeId: number, code: string): LockOutcome<DeviceCommandResult<'deletePasscode'>> {
    if (!lockSupports(this.kind, 'passcode')) return refused('unsupported');
    const existing = this.customPasscode(passcodeId);
    if (existing) this.credentials.remove(existing.id);
    else this.passcodes.block(code);
    this.record(LockRecordType.passcodeDeleted, { credential: existing?.value ?? code });
    return succeeded({ passcodeId });
  }

  /** Over Bluetooth: refuses eKey credentials of `keyId` older than `belowVersion` from now on. */
  revokeEKey(keyId: number, belowVersion: number): LockOutcome<DeviceCommandResult<'revokeEKey'>> {
    const held = this.eKeys.revoke(keyId, belowVersion);
    this.emit('changed');
    return succeeded({ keyId, belowVersion: held });
  }

  /**
   * Over Bluetooth: stores a card, fingerprint, face, palm vein, QR code or key fob under the
   * cloud's `credentialId`, with its validity and weekly cycle. Without `value` the lock enrols
   * what is held at its reader (a palm over its sensor) and answers the value it made of it; a
   * retry (the same `credentialId` again) replaces the stored one, keeping its enrolled value.
   * `rejected` when another credential of the kind has the value, `storageFull` beyond
   * MAX_STORED_CREDENTIALS of the kind. Logs `cardAdded` / `fingerprintAdded`.
   */
  addCredential(params: LockCredential): LockOutcome<DeviceCommandResult<'addCredential'>> {
    if (!this.reads(params.kind)) return refused('unsupported');
    const existing = this.credentials.byCredentialId(params.kind, params.credentialId);
    const value = params.value ?? existing?.value ?? this.enrol(params.kind);
    const sameValue = this.credentials.find(params.kind, value);
    if (sameValue && sameValue.id !== existing?.id) return refused('rejected');
    if (!existing && this.credentials.ofKind(params.kind).length >= MAX_STORED_CREDENTIALS) {
      return refused('storageFull');
    }
    const entry = lockCredentialEntry(params, value, existing?.holder);
    if (existing) this.credentials.replace(existing.id, entry);
    else this.credentials.add(entry);
    this.logCredentialChange(ADDED_RECORD[params.kind], value);
    return succeeded({ credentialId: params.credentialId, value });
  }

  /** Over Bluetooth: new validity and cycle for a stored credential (`rejected` when it holds none by that id). */
  changeCredential(
    params: DeviceCommandParams<'changeCredential'>,
  ): LockOutcome<DeviceCommandResult<'changeCredential'>> {
    if (!this.reads(params.kind)) return refused('unsupported');
    const existing = this.credentials.byCredentialId(params.kind, params.credentialId);
    if (!existing) return refused('rejected');
    this.credentials.replace(existing.id, lockCredentialEntry(params, existing.value, existing.holder));
    this.emit('changed');
    return succeeded({ credentialId: params.credentialId });
  }

  /**
   * Over Bluetooth: erases the credential stored under `credentialId` (one the lock does not
   * hold: done already). Logs `cardDeleted` / `fingerprintDeleted`.
   */
  deleteCredential(
    kind: LockCredentialKind,
    credentialId: number,
  ): LockOutcome<DeviceCommandResult<'deleteCredential'>> {
    if (!this.reads(kind)) return refused('unsupported');
    const existing = this.credentials.byCredentialId(kind, credentialId);
    if (existing) {
      this.credentials.remove(existing.id);
      this.logCredentialChange(DELETED_RECORD[kind], existing.value);
    }
    return succeeded({ credentialId });
  }

  /** Over Bluetooth: erases every credential of a kind, factory ones too. Logs `cardsCleared` / `fingerprintsCleared`. */
  clearCredentials(kind: LockCredentialKind): LockOutcome<DeviceCommandResult<'clearCredentials'>> {
    if (!this.reads(kind)) return refused('unsupported');
    const count = this.credentials.clear(kind);
    this.logCredentialChange(CLEARED_RECORD[kind], undefined);
    return succeeded({ count });
  }

  /**
   * Over Bluetooth: what the lock stores, for the cloud's reconciliation: its stored passcodes
   * (custom ones with the cloud's id, others without) and its cards, fingerprints, faces, palm
   * veins, QR codes and key fobs by kind and value. Offline codes are computed, not stored.
   */
  listCredentials(): LockOutcome<DeviceCommandResult<'listCredentials'>> {
    const stored = this.credentials.snapshot();
    const passcodes = stored
      .filter((entry) => entry.kind === 'passcode' && LISTABLE_CODE.test(entry.value))
      .slice(0, LISTED_CREDENTIALS_MAX)
      .map((entry) => ({
        code: entry.value,
        ...(entry.passcodeId !== undefined ? { passcodeId: entry.passcodeId } : {}),
        ...(entry.startDate !== undefined ? { startDate: entry.startDate } : {}),
        ...(entry.endDate !== undefined ? { endDate: entry.endDate } : {}),
      }));
    const credentials = stored
      .filter(
        (entry): entry is StoredCredential & { kind: LockCredentialKind } =>
          entry.kind !== 'passcode' && entry.value.length <= 200,
      )
      .slice(0, LISTED_CREDENTIALS_MAX)
      .map((entry) => ({
        kind: entry.kind,
        value: entry.value,
        ...(entry.credentialId !== undefined ? { credentialId: entry.credentialId } : {}),
      }));
    return succeeded({ passcodes, credentials });
  }

  /** A stored passcode forgets itself, behind the cloud's back (drift for tests); whether there was one. */
  loseCode(code: string): boolean {
    const stored = this.credentials.find('passcode', code);
    if (!stored) return false;
    this.credentials.remove(stored.id);
    this.emit('changed');
    return true;
  }

  /** A passcode appears in the lock's memory that the cloud never sent (drift for tests); false when the digits are taken. */
  gainCode(code: string): boolean {
    if (this.passcodeTaken(code, undefined)) return false;
    this.credentials.add({ kind: 'passcode', value: code });
    this.emit('changed');
    return true;
  }

  /** The credentials of a kind that open now (validity and weekly cycle, by the lock's clock and timezone). */
  validCredentials(kind: CredentialKind): StoredCredential[] {
    return this.credentials.validOfKind(kind, this.lockTime(), this.timezoneRawOffset);
  }

  /** Stores a credential directly, as if it had always been there (tests, demo set-ups). */
  storeCredential(credential: NewCredential): StoredCredential {
    const stored = this.credentials.add(credential);
    this.logCredentialChange(ADDED_RECORD[stored.kind], stored.value);
    return stored;
  }

  /** Erases a stored credential by the lock's own id. */
  eraseCredential(id: number): StoredCredential | undefined {
    const removed = this.credentials.remove(id);
    if (removed) this.logCredentialChange(DELETED_RECORD[removed.kind], removed.value);
    return removed;
  }

  // The log, for the gateway to upload.

  get unsentRecordCount(): number {
    return this.log.unsentCount;
  }

  unsentRecords(max: number): UploadedRecord[] {
    return this.log.oldestUnsent(max);
  }

  /** The cloud has them: the lock forgets them. */
  acknowledgeRecords(recordIds: Iterable<string>): void {
    if (this.log.acknowledge(recordIds) > 0) this.emit('changed');
  }

  snapshot(): LockSnapshot {
    return {
      mac: this.mac,
      kind: this.kind,
      bolt: this.bolt,
      battery: this.battery.exact,
      driftMs: this.driftMs,
      timezoneRawOffset: this.timezoneRawOffset,
      autoLockSeconds: this.autoLockSeconds,
      passagePeriods: this.passagePeriods.map((period) => ({ ...period, weekDays: [...period.weekDays] })),
      switches: { ...this.switches },
      roomStatus: this.roomStatus,
      ...(this.parking ? { parking: this.parking } : {}),
      credentials: this.credentials.snapshot(),
      log: this.log.snapshot(),
      ...(this.secret !== undefined ? { secret: this.secret } : {}),
      keypad: this.passcodes.snapshot(),
      eKeys: this.eKeys.snapshot(),
    };
  }

  /** Stops its timers (auto-lock, passage mode). */
  dispose(): void {
    this.autoLock.stop();
    this.passageCheck.stop();
  }

  // Inside the lock.

  private inTurn<T>(check: () => Promise<T>): Promise<T> {
    const turn = this.checking.then(check);
    this.checking = turn.catch(() => undefined);
    return turn;
  }

  private secretKeys(): { offline: Promise<string>; eKey: Promise<string> } | undefined {
    if (this.secret === undefined) return undefined;
    this.keys ??= { offline: offlinePasscodeKey(this.secret), eKey: eKeyCredentialKey(this.secret) };
    return this.keys;
  }

  /** What a 9-digit code says as an offline passcode of this lock (undefined: none, or no secret). */
  private async decodeOffline(code: string): Promise<OfflinePayload | undefined> {
    const keys = this.secretKeys();
    if (!keys || code.length !== OFFLINE_PASSCODE_DIGITS) return undefined;
    return decodeOfflinePasscode(await keys.offline, code);
  }

  /** The keypad's decision on a code (its offline payload decoded already), and what follows. */
  private keypadEntry(code: string, payload: OfflinePayload | undefined): LockOutcome<KeypadResult, KeypadRefusal> {
    if (!lockSupports(this.kind, 'passcode')) return refused('unsupported');
    const lockTime = this.lockTime();
    const typed: Actor = { credential: code };
    if (this.passcodes.lockedAt(lockTime)) {
      this.record(LockRecordType.wrongPasscode, typed, 0);
      return refused('keypadLocked');
    }
    const stored = this.credentials.find('passcode', code);
    const verdict = stored
      ? storedVerdict(stored, lockTime)
      : this.passcodes.judge(code, payload, this.secret !== undefined, lockTime, this.timezoneRawOffset);
    if (verdict.kind === 'refuse') {
      const lockedOut = this.passcodes.noteWrong(lockTime);
      this.record(LockRecordType.wrongPasscode, typed, 0);
      if (lockedOut) this.record(LockRecordType.wrongCredentialLockout, {});
      return refused(verdict.reason);
    }
    this.passcodes.noteRight();
    if (verdict.kind === 'clear') {
      const erased = this.credentials.ofKind('passcode').map((entry) => entry.value);
      this.credentials.clear('passcode');
      this.passcodes.clear(verdict.startHour, erased);
      this.record(LockRecordType.passcodesCleared, typed);
      return succeeded({ ...this.boltResult(), cleared: true });
    }
    this.openBolt(LockRecordType.passcodeUnlock, { username: stored?.holder, credential: code });
    this.emit('state');
    return succeeded(this.boltResult());
  }

  /** Which record a local unlock gets when it is refused, or undefined when the credential opens. */
  private refusalOf(
    method: ReturnType<typeof localUnlockMethod>,
    presented: string | undefined,
    stored: StoredCredential | undefined,
    valid: boolean | undefined,
    lockTime: number,
  ): RecordType | undefined {
    const refusedAs = method.refusedRecordType ?? LockRecordType.unlockFailed;
    if (presented === undefined || valid === false) return refusedAs;
    if (stored)
      return admitsAt(stored, lockTime, this.timezoneRawOffset) ? undefined : (method.expiredRecordType ?? refusedAs);
    // A passcode the lock does not store may be an offline one: trusted here unless blocked.
    if (method.credential === 'passcode') return this.passcodes.isBlocked(presented) ? refusedAs : undefined;
    return refusedAs;
  }

  /** Whether the lock has a reader for this kind of credential. */
  private reads(kind: LockCredentialKind): boolean {
    return lockSupports(this.kind, LOCAL_UNLOCK_METHODS[kind].feature);
  }

  /** What the lock makes of a credential held at its reader (a palm over its sensor): a value no stored one has. */
  private enrol(kind: LockCredentialKind): string {
    for (;;) {
      const value = `${ENROLLED_PREFIX[kind]}${randomDigits(10)}`;
      if (!this.credentials.find(kind, value)) return value;
    }
  }

  private logCredentialChange(recordType: RecordType | undefined, value: string | undefined): void {
    if (recordType) this.record(recordType, { credential: value });
    else this.emit('changed');
  }

  private customPasscode(passcodeId: number): StoredCredential | undefined {
    return this.credentials.ofKind('passcode').find((entry) => entry.passcodeId === passcodeId);
  }

  /** Whether digits belong to a stored passcode other than `self`, or to an activated offline code. */
  private passcodeTaken(code: string, self: StoredCredential | undefined): boolean {
    const stored = this.credentials.find('passcode', code);
    return (stored !== undefined && stored.id !== self?.id) || this.passcodes.isActivated(code);
  }

  private boltResult(): BoltResult {
    return { state: this.bolt, battery: this.battery.percent };
  }

  private openBolt(recordType: RecordType, actor: Actor): void {
    this.moveBolt(LockState.unlocked, recordType, actor);
    this.armAutoLock();
  }

  private closeBolt(recordType: RecordType): void {
    this.autoLock.stop();
    this.moveBolt(LockState.locked, recordType, {});
  }

  /** Moves the bolt (the motor runs only when it is not there yet) and logs why. */
  private moveBolt(target: BoltState, recordType: RecordType, actor: Actor): void {
    if (this.bolt === target) {
      this.record(recordType, actor);
      return;
    }
    this.bolt = target;
    this.runMotor(recordType, actor);
    this.emit('bolt', target);
  }

  private runMotor(recordType: RecordType, actor: Actor): void {
    const lowBattery = this.battery.drain();
    this.record(recordType, actor);
    if (lowBattery) this.record(LockRecordType.lowBatteryAlert, {});
  }

  private record(recordType: RecordType, actor: Actor, success: 0 | 1 = 1): void {
    const entry: NewRecord = { recordType, success, lockTime: this.lockTime(), battery: this.battery.percent };
    if (actor.username) entry.username = actor.username.slice(0, 100);
    if (actor.credential) entry.credential = actor.credential.slice(0, 100);
    this.log.append(entry);
    this.emit('records');
    this.emit('changed');
  }

  private armAutoLock(): void {
    this.autoLock.stop();
    if (this.autoLockSeconds <= 0 || this.passageActive || this.bolt !== LockState.unlocked) return;
    this.autoLock.start(this.autoLockSeconds * 1000, () => {
      if (this.passageActive || this.bolt !== LockState.unlocked) return;
      this.closeBolt(LockRecordType.autoLock);
      this.emit('state');
    });
  }

  private passageModeNow(): boolean {
    if (this.switches.passageMode !== Switch.on) return false;
    if (this.switches.allDayPassage !== Switch.on) {
      return inPassagePeriod(this.passagePeriods, this.lockTime(), this.timezoneRawOffset);
    }
    const { weekDay } = localMoment(this.lockTime(), this.timezoneRawOffset);
    return this.passagePeriods.length === 0 || this.passagePeriods.some((p) => p.weekDays.includes(weekDay));
  }

  /** Enters or leaves passage mode when its period (or its switch, or the clock) says so. */
  private followPassageMode(): void {
    const active = this.passageModeNow();
    if (active !== this.passageActive) {
      this.passageActive = active;
      if (active) {
        this.autoLock.stop();
        const moved = this.bolt !== LockState.unlocked;
        this.moveBolt(LockState.unlocked, LockRecordType.passageModeStart, {});
        if (moved) this.emit('state');
      } else {
        this.record(LockRecordType.passageModeEnd, {});
        this.armAutoLock();
      }
    }
    this.schedulePassageCheck();
  }

  private schedulePassageCheck(): void {
    this.passageCheck.stop();
    if (this.switches.passageMode !== Switch.on) return;
    this.passageCheck.start(msToNextMinute(this.lockTime()), () => this.followPassageMode());
  }
}

/** A custom passcode as the lock stores it. */
function customPasscodeEntry(passcode: CustomPasscode): NewCredential {
  return {
    kind: 'passcode',
    value: passcode.code,
    passcodeId: passcode.passcodeId,
    ...(passcode.startDate !== undefined ? { startDate: passcode.startDate } : {}),
    ...(passcode.endDate !== undefined ? { endDate: passcode.endDate } : {}),
  };
}

/** A stored passcode opens within its validity. */
function storedVerdict(stored: StoredCredential, lockTime: number): KeypadVerdict {
  if (stored.startDate !== undefined && lockTime < stored.startDate) return { kind: 'refuse', reason: 'notYetValid' };
  if (stored.endDate !== undefined && lockTime >= stored.endDate) return { kind: 'refuse', reason: 'expired' };
  return { kind: 'open' };
}

/** A credential the cloud stores on the lock, with the value the lock recognises. */
function lockCredentialEntry(
  params: DeviceCommandParams<'changeCredential'>,
  value: string,
  holder: string | undefined,
): NewCredential {
  return {
    kind: params.kind,
    value,
    credentialId: params.credentialId,
    ...(holder !== undefined ? { holder } : {}),
    ...(params.startDate !== undefined ? { startDate: params.startDate } : {}),
    ...(params.endDate !== undefined ? { endDate: params.endDate } : {}),
    ...(params.cycle ? { cycle: { ...params.cycle, weekDays: [...params.cycle.weekDays] } } : {}),
  };
}

/** How the value of a credential the lock enrolled itself starts. */
const ENROLLED_PREFIX: Record<LockCredentialKind, string> = {
  card: '',
  fingerprint: 'FP',
  face: 'FACE',
  palmVein: 'PALM',
  qrCode: 'QR',
  keyFob: 'FOB',
};

function randomDigits(length: number): string {
  return Array.from({ length }, (_, i) => String(i === 0 ? randomInt(1, 10) : randomInt(0, 10))).join('');
}

/** The records of stored credentials (the log has codes for cards and fingerprints only). */
const ADDED_RECORD: Partial<Record<StoredCredential['kind'], RecordType>> = {
  passcode: LockRecordType.passcodeAdded,
  card: LockRecordType.cardAdded,
  fingerprint: LockRecordType.fingerprintAdded,
};

const DELETED_RECORD: Partial<Record<StoredCredential['kind'], RecordType>> = {
  passcode: LockRecordType.passcodeDeleted,
  card: LockRecordType.cardDeleted,
  fingerprint: LockRecordType.fingerprintDeleted,
};

const CLEARED_RECORD: Partial<Record<StoredCredential['kind'], RecordType>> = {
  card: LockRecordType.cardsCleared,
  fingerprint: LockRecordType.fingerprintsCleared,
};
