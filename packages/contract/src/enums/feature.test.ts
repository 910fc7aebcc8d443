import { describe, expect, it } from 'vitest';
import { featureValueOf, hasFeature } from './feature';

describe('lock features', () => {
  it('reads the bits a featureValue sets, beyond 32 bits too', () => {
    const value = featureValueOf(['passcode', 'remoteUnlock', 'parkingLock']);
    expect(value).toBe('100000401');
    expect(hasFeature(value, 'passcode')).toBe(true);
    expect(hasFeature(value, 'remoteUnlock')).toBe(true);
    expect(hasFeature(value, 'parkingLock')).toBe(true);
    expect(hasFeature(value, 'card')).toBe(false);
    expect(hasFeature(value.toLowerCase(), 'parkingLock')).toBe(true);
  });

  it('treats a malformed featureValue as having nothing', () => {
    expect(hasFeature('xyz', 'passcode')).toBe(false);
    expect(hasFeature('', 'passcode')).toBe(false);
  });
});
