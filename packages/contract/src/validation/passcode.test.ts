import { describe, expect, it } from 'vitest';
import { passcodeMinLength, validatePasscodeLength, validatePasscodeVersion } from './passcode';

describe('passcode length', () => {
  it('defaults the minimum to 6 and keeps it within 4 to 9', () => {
    expect(passcodeMinLength(undefined)).toBe(6);
    expect(passcodeMinLength(4)).toBe(4);
    expect(passcodeMinLength(2)).toBe(4);
    expect(passcodeMinLength(12)).toBe(9);
  });
  it.each(['123456', '123456789'])('accepts %j with the default minimum', (code) => {
    expect(validatePasscodeLength(code).ok).toBe(true);
  });
  it.each(['12345', '1234567890', '12a456', '', ' 123456'])('refuses %j with the default minimum', (code) => {
    expect(validatePasscodeLength(code)).toMatchObject({ error: 'passcodeLengthInvalid', params: { min: 6, max: 9 } });
  });
  it("follows the brand's minimum", () => {
    expect(validatePasscodeLength('1234', { brandMin: 4 }).ok).toBe(true);
    expect(validatePasscodeLength('123', { brandMin: 4 }).ok).toBe(false);
  });
  it('accepts only lengths the lock supports', () => {
    expect(validatePasscodeLength('123456', { supportedLengths: [6, 8] }).ok).toBe(true);
    expect(validatePasscodeLength('1234567', { supportedLengths: [6, 8] }).ok).toBe(false);
  });
  it('refuses locks added with a low-version app', () => {
    expect(validatePasscodeVersion(0)).toMatchObject({ error: 'lowVersionPasscode' });
    expect(validatePasscodeVersion(4).ok).toBe(true);
  });
});
