import { describe, expect, it } from 'vitest';
import { normalizeMac, parseLockId, validateAutoLockTime, validateEKeyCredentialMaxAge, validateLockId } from './lock';

describe('lockId route rule', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    ['9007199254740991', 9007199254740991],
  ])('accepts %j', (raw, value) => {
    expect(parseLockId(raw)).toBe(value);
    expect(validateLockId(raw).ok).toBe(true);
  });

  it.each(['0', '007', '-1', '1.5', '1e3', ' 1', 'abc', '', '9007199254740993', null, undefined])(
    'refuses %j',
    (raw) => {
      expect(parseLockId(raw)).toBeUndefined();
      expect(validateLockId(raw)).toMatchObject({ error: 'lockIdInvalid' });
    },
  );
});

describe('auto-lock time', () => {
  it.each([5, 900, 30, '5', '900'])('accepts %j', (v) => {
    expect(validateAutoLockTime(v).ok).toBe(true);
  });
  it.each([4, 901, 0, -5, 5.5, Number.NaN, '4', '901', '5.0', 'x', ''])('refuses %j', (v) => {
    expect(validateAutoLockTime(v)).toMatchObject({ error: 'autoLockTimeInvalid' });
  });
});

describe('eKey credential maximum age', () => {
  it.each([1, 7, 30, '1', '30'])('accepts %j days', (v) => {
    expect(validateEKeyCredentialMaxAge(v).ok).toBe(true);
  });
  it.each([0, 31, -1, 1.5, Number.NaN, '0', '31', '7.0', 'x', ''])('refuses %j days', (v) => {
    expect(validateEKeyCredentialMaxAge(v)).toEqual({
      ok: false,
      error: 'eKeyCredentialMaxAgeInvalid',
      params: { min: 1, max: 30 },
    });
  });
});

describe('MAC address', () => {
  it.each([
    ['aa:bb:cc:dd:ee:01', 'AA:BB:CC:DD:EE:01'],
    ['AA-BB-CC-DD-EE-01', 'AA:BB:CC:DD:EE:01'],
    [' aabbccddee01 ', 'AA:BB:CC:DD:EE:01'],
  ])('reads %j as %s', (raw, mac) => {
    expect(normalizeMac(raw)).toBe(mac);
  });
  it.each([
    '',
    'AA:BB:CC:DD:EE',
    'GG:BB:CC:DD:EE:01',
    '00:00:00:00:00:00',
    'FF:FF:FF:FF:FF:FF',
    'AA:BB:CC:DD:EE:01:02',
  ])('refuses %j', (raw) => {
    expect(normalizeMac(raw)).toBeUndefined();
  });
});
