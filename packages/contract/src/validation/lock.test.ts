import { describe, expect, it } from 'vitest';
import { parseLockId, validateAutoLockTime, validateLockId } from './lock';

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
