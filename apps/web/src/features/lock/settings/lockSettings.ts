import { HotelMode, hasFeature, type LockFeatureName, LockRole, LockSwitch, Switch } from '@smartlock/contract';
import type { SwitchName } from '../remoteOperation/settingRequests';

/** The switches the settings list, in order, with what a lock needs to show each. */
const SWITCHES: readonly { name: SwitchName; needs: 'any' | 'credential' | LockFeatureName }[] = [
  { name: LockSwitch.unlockNotice, needs: 'any' },
  { name: LockSwitch.doubleVerification, needs: 'credential' },
  { name: LockSwitch.adminAlert, needs: 'any' },
  { name: LockSwitch.attendance, needs: 'credential' },
  { name: LockSwitch.faceIdentify, needs: 'face' },
];

/** Ways of proving who is at the lock; double verification and attendance need at least one. */
const CREDENTIALS: readonly LockFeatureName[] = ['passcode', 'card', 'fingerprint', 'face', 'palmVein', 'qrCode'];

/** What the settings of a lock show, by what the lock supports (its featureValue). */
export interface SettingsShown {
  autoLock: boolean;
  remoteUnlock: boolean;
  /** The plain on/off switches, in order. */
  switches: SwitchName[];
  /** Hotel mode and room status. */
  hotel: boolean;
  /** Raise and lower. */
  parking: boolean;
  passageMode: boolean;
}

export function settingsShown(featureValue: string): SettingsShown {
  const has = (feature: LockFeatureName) => hasFeature(featureValue, feature);
  const hasCredential = CREDENTIALS.some(has);
  return {
    autoLock: has('autoLock'),
    remoteUnlock: has('remoteUnlockSwitch'),
    switches: SWITCHES.filter(
      ({ needs }) => needs === 'any' || (needs === 'credential' ? hasCredential : has(needs)),
    ).map(({ name }) => name),
    hotel: has('hotelLock'),
    parking: has('parkingLock'),
    passageMode: has('passageMode'),
  };
}

/** A switch's on and off values: hotel mode is on 1 / off 0, every other switch on 1 / off 2. */
export function switchValues(name: SwitchName): { on: number; off: number } {
  return name === LockSwitch.hotelMode ? { on: HotelMode.on, off: HotelMode.off } : { on: Switch.on, off: Switch.off };
}

/** Whether the lock last confirmed a switch as on (a switch it never reported counts as off). */
export function isSwitchOn(switches: Record<string, number>, name: SwitchName): boolean {
  return switches[name] === switchValues(name).on;
}

/** Whether the lock has ever reported a switch (the cloud knows a switch only once the lock confirms it). */
export function isSwitchReported(switches: Record<string, number>, name: SwitchName): boolean {
  return switches[name] !== undefined;
}

/**
 * How the eKey credential maximum age shows: the owner changes it; an authorized administrator
 * sees it and is told only the owner may change it (the call is the owner's alone).
 */
export function credentialMaxAgeMode(role: number): 'edit' | 'readOnly' {
  return role === LockRole.owner ? 'edit' : 'readOnly';
}

/** Whether the typed maximum age differs from the saved one (blank or spaces: unchanged). */
export function credentialMaxAgeChanged(typed: string | undefined, saved: number): boolean {
  const value = typed?.trim() ?? '';
  return value !== '' && value !== String(saved);
}
