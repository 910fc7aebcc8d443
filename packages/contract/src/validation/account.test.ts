import { describe, expect, it } from 'vitest';
import { BrandAccountType } from '../enums/account';
import {
  normalizeCountryCode,
  parseAccount,
  toE164,
  validateAccountTypeForBrand,
  validateAgreement,
  validateEmail,
  validateMobile,
  validateNewAccount,
  validateUnregisteredRecipient,
} from './account';

describe('account rules', () => {
  it.each(['owner@example.com', 'a.b+c@sub.example.co.uk', 'X@Y.io'])('accepts email %j', (email) => {
    expect(validateEmail(email).ok).toBe(true);
  });

  it.each([
    'owner@',
    '@example.com',
    'a b@example.com',
    'a@b',
    'a..b@example.com',
    '.a@example.com',
    `${'a'.repeat(65)}@example.com`,
  ])('refuses email %j', (email) => {
    expect(validateEmail(email)).toMatchObject({ error: 'invalidEmail' });
  });

  it('reads mobile numbers with the default +61 or their own prefix', () => {
    expect(toE164('0412 345 678')).toBe('+61412345678');
    expect(toE164('412345678', '+61')).toBe('+61412345678');
    expect(toE164('+4915112345678')).toBe('+4915112345678');
    expect(toE164('13800138000', '86')).toBe('+8613800138000');
  });

  it.each([['12'], ['0412'], ['+61 999'], ['abc'], ['0412345678901234567']])('refuses mobile %j', (mobile) => {
    expect(validateMobile(mobile)).toMatchObject({ error: 'invalidMobile' });
  });

  it('normalises calling codes and refuses malformed ones', () => {
    expect(normalizeCountryCode(' 61 ')).toBe('+61');
    expect(normalizeCountryCode(undefined)).toBe('+61');
    expect(normalizeCountryCode('+0')).toBeUndefined();
    expect(normalizeCountryCode('+12345')).toBeUndefined();
  });

  it('parses an account as email (lower-cased) or mobile, else a format error', () => {
    expect(parseAccount(' Owner@Example.com ')).toEqual({
      ok: true,
      account: { type: 'email', value: 'owner@example.com' },
    });
    expect(parseAccount('0412345678')).toEqual({ ok: true, account: { type: 'mobile', value: '+61412345678' } });
    expect(parseAccount('owner')).toMatchObject({ ok: false, verdict: { error: 'accountFormatError' } });
    expect(parseAccount('   ')).toMatchObject({ ok: false, verdict: { error: 'accountFormatError' } });
    expect(parseAccount('12')).toMatchObject({ ok: false, verdict: { error: 'invalidMobile' } });
    expect(parseAccount('a@b')).toMatchObject({ ok: false, verdict: { error: 'invalidEmail' } });
  });

  it('honours the brand account type', () => {
    const email = { type: 'email', value: 'a@example.com' } as const;
    expect(validateAccountTypeForBrand(email, BrandAccountType.mobileAndEmail).ok).toBe(true);
    expect(validateAccountTypeForBrand(email, BrandAccountType.email).ok).toBe(true);
    expect(validateAccountTypeForBrand(email, BrandAccountType.mobile)).toMatchObject({
      error: 'accountTypeNotSupported',
    });
  });

  it('requires the agreement to be ticked', () => {
    expect(validateAgreement(true).ok).toBe(true);
    expect(validateAgreement(false)).toMatchObject({ error: 'agreementNotTicked' });
  });

  it('refuses a new account equal to the current one', () => {
    const a = { type: 'email', value: 'a@example.com' } as const;
    expect(validateNewAccount(a, a)).toMatchObject({ error: 'sameAsCurrentAccount' });
    expect(validateNewAccount(a, { type: 'email', value: 'b@example.com' }).ok).toBe(true);
  });

  it('needs a country code or a confirmation for an unregistered recipient', () => {
    expect(validateUnregisteredRecipient({ registered: true }).ok).toBe(true);
    expect(validateUnregisteredRecipient({ registered: false })).toMatchObject({ error: 'recipientNeedsCountryCode' });
    expect(validateUnregisteredRecipient({ registered: false, countryCode: '+49' }).ok).toBe(true);
    expect(validateUnregisteredRecipient({ registered: false, confirmed: true }).ok).toBe(true);
    expect(validateUnregisteredRecipient({ registered: false, countryCode: 'x' }).ok).toBe(false);
  });
});
