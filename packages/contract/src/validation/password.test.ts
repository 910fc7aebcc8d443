import { describe, expect, it } from 'vitest';
import { validatePassword, validatePasswordConfirmation } from './password';

describe('password rule', () => {
  it.each(['abcd1234', 'abcdefg!', '12345678!', 'Aa1!Aa1!Aa1!Aa1!Aa1!', 'Passw0rd'])('accepts %j', (pw) => {
    expect(validatePassword(pw)).toEqual({ ok: true });
  });

  it.each([
    ['abc123', 'passwordLength'],
    ['abcdefgh1234567890123', 'passwordLength'],
    ['abcdefgh', 'passwordTooSimple'],
    ['12345678', 'passwordTooSimple'],
    ['!@#$%^&*', 'passwordTooSimple'],
    ['abcd 1234', 'passwordIllegalCharacters'],
    ['密码abc12345', 'passwordIllegalCharacters'],
    ['abcd1234\t', 'passwordIllegalCharacters'],
    ['abcé1234', 'passwordIllegalCharacters'],
  ])('refuses %j with %s', (pw, error) => {
    expect(validatePassword(pw)).toMatchObject({ ok: false, error });
  });

  it('accepts exactly 8 and 20 characters and nothing outside', () => {
    expect(validatePassword(`${'a'.repeat(7)}1`).ok).toBe(true);
    expect(validatePassword(`${'a'.repeat(19)}1`).ok).toBe(true);
    expect(validatePassword(`${'a'.repeat(6)}1`).ok).toBe(false);
    expect(validatePassword(`${'a'.repeat(20)}1`).ok).toBe(false);
  });

  it('requires the confirmation to match', () => {
    expect(validatePasswordConfirmation('abcd1234', 'abcd1234').ok).toBe(true);
    expect(validatePasswordConfirmation('abcd1234', 'abcd1235')).toMatchObject({ error: 'passwordsDoNotMatch' });
  });
});
