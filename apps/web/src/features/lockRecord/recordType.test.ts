import { LockRecordType } from '@smartlock/contract';
import { describe, expect, it } from 'vitest';
import { CATEGORY_OF_TYPE, RECORD_CATEGORIES, recordCategory, recordTypeLabel, recordTypeName } from './recordType';

const T = LockRecordType;

describe('record type names', () => {
  it('names every one of the 53 types by the contract catalogue', () => {
    expect(Object.keys(LockRecordType)).toHaveLength(53);
    for (const [name, type] of Object.entries(LockRecordType)) {
      expect(recordTypeLabel(type).key).toBe(`records.type.${name}`);
      expect(recordTypeName(type)).toBe(name);
    }
    expect(recordTypeLabel(T.passcodeUnlock).key).toBe('records.type.passcodeUnlock');
    expect(recordTypeLabel(T.tamperAlert).key).toBe('records.type.tamperAlert');
  });
  it('shows the number of a type it does not know', () => {
    expect(recordTypeLabel(99)).toEqual({ key: 'lockRecord.typeUnknown', params: { type: 99 } });
    expect(recordTypeName(0)).toBeUndefined();
  });
});

describe('record categories', () => {
  it('puts each of the 53 types in one known category', () => {
    expect(Object.keys(CATEGORY_OF_TYPE).sort()).toEqual(Object.keys(LockRecordType).sort());
    for (const type of Object.values(LockRecordType)) expect(RECORD_CATEGORIES).toContain(recordCategory(type));
  });
  it('tells unlocks, locking, credential keeping, alarms, sensors and passage mode apart', () => {
    const of = (...types: number[]) => types.map(recordCategory);
    expect(
      of(
        T.appUnlock,
        T.passcodeUnlock,
        T.cardUnlock,
        T.fingerprintUnlock,
        T.remoteUnlock,
        T.faceUnlock,
        T.qrCodeUnlock,
        T.palmVeinUnlock,
        T.keyFobUnlock,
        T.openedFromInside,
        T.mechanicalKeyUnlock,
      ),
    ).toEqual(Array(11).fill('unlock'));
    expect(of(T.appLock, T.autoLock, T.passcodeLock, T.lockButtonLock, T.mechanicalKeyLock)).toEqual(
      Array(5).fill('lock'),
    );
    expect(of(T.passcodeAdded, T.passcodeDeleted, T.cardsCleared, T.fingerprintExpired)).toEqual(
      Array(4).fill('management'),
    );
    expect(of(T.wrongPasscode, T.forcedOpenAlert, T.lowBatteryAlert, T.tamperAlert, T.unlockFailed)).toEqual(
      Array(5).fill('alarm'),
    );
    expect(of(T.doorSensorOpened, T.doorSensorClosed)).toEqual(['sensor', 'sensor']);
    expect(of(T.passageModeStart, T.passageModeEnd)).toEqual(['passageMode', 'passageMode']);
    expect(of(T.clockCalibrated, 0, 99)).toEqual(['system', 'system', 'system']);
  });
  it('counts each category', () => {
    const counts = Object.fromEntries(
      RECORD_CATEGORIES.map((category) => [
        category,
        Object.values(CATEGORY_OF_TYPE).filter((value) => value === category).length,
      ]),
    );
    expect(counts).toEqual({ unlock: 16, lock: 8, management: 13, alarm: 10, sensor: 2, passageMode: 2, system: 2 });
  });
});
