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

/** What each featureValue bit means (for the API documentation: openapi.json and docs/api.md). */
export const LOCK_FEATURE_MEANINGS: Record<LockFeatureName, string> = {
  passcode: 'a keypad: passcodes (offline codes; custom codes through a gateway)',
  card: 'IC cards',
  fingerprint: 'fingerprints',
  wristband: 'wristbands (seen in unlock records only)',
  autoLock: 'auto-lock, its time set through a gateway (5 to 900 s)',
  remoteUnlock: 'unlock through a gateway',
  doorSensor: 'a door sensor (door opened and closed records)',
  remoteUnlockSwitch: 'a remote-unlock switch the owner turns on or off (unlock links need it on)',
  hotelLock: 'a hotel lock: hotel mode, room status, hotel cards written by the card encoder',
  passageMode: 'passage mode: unlocked during set weekly periods',
  face: 'faces (face identification too)',
  palmVein: 'palm veins',
  qrCode: 'QR codes',
  keyFob: 'key fobs',
  parkingLock: 'a car-park lock: raise and lower instead of unlock and lock',
};

/** The featureValue bits, one per feature: "bit n name: meaning", in bit order. */
export function lockFeatureBits(): { bit: number; name: LockFeatureName; meaning: string }[] {
  return (Object.keys(LockFeature) as LockFeatureName[])
    .map((name) => ({ bit: LockFeature[name], name, meaning: LOCK_FEATURE_MEANINGS[name] }))
    .sort((a, b) => a.bit - b.bit);
}

/** The documentation of a featureValue: hexadecimal, and what each bit says. */
export function featureValueDescription(): string {
  return `LockFeature bits as hexadecimal (bit n set: the lock has feature n; read with BigInt, bits go beyond 32): ${lockFeatureBits()
    .map(({ bit, name, meaning }) => `bit ${bit} ${name}: ${meaning}`)
    .join('; ')}. Other bits are reserved and ignored.`;
}

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
