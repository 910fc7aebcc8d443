import { featureValueOf, HotelMode, LockRole, LockSwitch, Switch } from '@smartlock/contract';
import { describe, expect, it } from 'vitest';
import {
  credentialMaxAgeChanged,
  credentialMaxAgeMode,
  isSwitchOn,
  isSwitchReported,
  settingsShown,
  switchValues,
} from './lockSettings';

// The simulator's three kinds of lock.
const door = featureValueOf([
  'passcode',
  'card',
  'fingerprint',
  'face',
  'keyFob',
  'autoLock',
  'remoteUnlock',
  'remoteUnlockSwitch',
  'passageMode',
  'doorSensor',
]);
const hotel = featureValueOf(['passcode', 'card', 'autoLock', 'remoteUnlock', 'remoteUnlockSwitch', 'hotelLock']);
const parking = featureValueOf(['remoteUnlock', 'parkingLock']);

describe('which settings a lock shows', () => {
  it('a door lock: auto-lock, remote unlock, passage mode, every switch with face identify', () => {
    expect(settingsShown(door)).toEqual({
      autoLock: true,
      remoteUnlock: true,
      switches: ['unlockNotice', 'doubleVerification', 'adminAlert', 'attendance', 'faceIdentify'],
      hotel: false,
      parking: false,
      passageMode: true,
    });
  });
  it('a hotel lock: room status and hotel mode, no face identify, no passage mode', () => {
    const shown = settingsShown(hotel);
    expect(shown.hotel).toBe(true);
    expect(shown.passageMode).toBe(false);
    expect(shown.switches).not.toContain('faceIdentify');
    expect(shown.switches).toContain('doubleVerification');
  });
  it('a car-park lock: raise and lower, no auto-lock, no credential switches', () => {
    expect(settingsShown(parking)).toEqual({
      autoLock: false,
      remoteUnlock: false,
      switches: ['unlockNotice', 'adminAlert'],
      hotel: false,
      parking: true,
      passageMode: false,
    });
  });
});

describe('switch values', () => {
  it('are on 1 / off 2, hotel mode on 1 / off 0', () => {
    expect(switchValues(LockSwitch.unlockNotice)).toEqual({ on: Switch.on, off: Switch.off });
    expect(switchValues(LockSwitch.hotelMode)).toEqual({ on: HotelMode.on, off: HotelMode.off });
  });
  it('read as on only when the lock confirmed on', () => {
    expect(isSwitchOn({ unlockNotice: 1 }, LockSwitch.unlockNotice)).toBe(true);
    expect(isSwitchOn({ unlockNotice: 2 }, LockSwitch.unlockNotice)).toBe(false);
    expect(isSwitchOn({}, LockSwitch.adminAlert)).toBe(false);
    expect(isSwitchOn({ hotelMode: 0 }, LockSwitch.hotelMode)).toBe(false);
    expect(isSwitchOn({ hotelMode: 1 }, LockSwitch.hotelMode)).toBe(true);
  });
});

describe('reported switches', () => {
  it('are those the lock has confirmed at least once', () => {
    expect(isSwitchReported({ attendance: 2 }, LockSwitch.attendance)).toBe(true);
    expect(isSwitchReported({ attendance: 2 }, LockSwitch.adminAlert)).toBe(false);
  });
});

describe('the eKey credential maximum age', () => {
  it('is changed by the owner and only read by an authorized administrator', () => {
    expect(credentialMaxAgeMode(LockRole.owner)).toBe('edit');
    expect(credentialMaxAgeMode(LockRole.authorizedAdmin)).toBe('readOnly');
  });
  it('counts as changed only when the typed days differ from the saved ones', () => {
    expect(credentialMaxAgeChanged(undefined, 7)).toBe(false);
    expect(credentialMaxAgeChanged('', 7)).toBe(false);
    expect(credentialMaxAgeChanged(' 7 ', 7)).toBe(false);
    expect(credentialMaxAgeChanged('3', 7)).toBe(true);
    expect(credentialMaxAgeChanged('31', 7)).toBe(true);
  });
});
