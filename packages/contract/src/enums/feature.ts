/**
 * What a lock can do: bit numbers of the featureValue (hexadecimal) a lock reports when it is
 * initialized. The console shows tabs and actions only for what the lock supports.
 */
export const LockFeature = {
  passcode: 0,
  card: 1,
  fingerprint: 2,
  wristband: 3,
  autoLock: 4,
  remoteUnlock: 10,
  doorSensor: 13,
  remoteUnlockSwitch: 14,
  hotelLock: 19,
  passageMode: 22,
  face: 28,
  palmVein: 29,
  qrCode: 30,
  keyFob: 31,
  parkingLock: 32,
} as const;
export type LockFeatureName = keyof typeof LockFeature;

/** Whether a featureValue (hex) has a feature's bit set. */
export function hasFeature(featureValue: string, feature: LockFeatureName): boolean {
  if (!/^[0-9A-Fa-f]{1,64}$/.test(featureValue)) return false;
  return ((BigInt(`0x${featureValue}`) >> BigInt(LockFeature[feature])) & 1n) === 1n;
}

/** The featureValue (hex, upper case) of a set of features. */
export function featureValueOf(features: readonly LockFeatureName[]): string {
  let value = 0n;
  for (const feature of features) value |= 1n << BigInt(LockFeature[feature]);
  return value.toString(16).toUpperCase();
}
