import { isValidPhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { AccountType, BrandAccountType, DEFAULT_COUNTRY_CODE } from '../enums/account';
import type { ValueOf } from '../enums/define';
import { fail, OK, type Verdict } from './result';

/** The country a mobile number (E.164) belongs to: "+61412345678" to "AU". */
export function countryOfMobile(e164: string): string | undefined {
  return parsePhoneNumberFromString(e164)?.country;
}

/** The calling code of a mobile number (E.164): "+61412345678" to "+61". */
export function callingCodeOfMobile(e164: string): string | undefined {
  const parsed = parsePhoneNumberFromString(e164);
  return parsed ? `+${parsed.countryCallingCode}` : undefined;
}

/** A pragmatic address check: one @, a dotted domain, no spaces; at most 254 characters. */
const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export function isEmailAccount(account: string): boolean {
  return account.includes('@');
}

export function validateEmail(email: string): Verdict {
  if (email.length > 254 || !EMAIL.test(email)) return fail('invalidEmail');
  const local = email.slice(0, email.lastIndexOf('@'));
  if (local.length > 64 || local.startsWith('.') || local.endsWith('.') || local.includes('..')) {
    return fail('invalidEmail');
  }
  return OK;
}

/** "+61", "61" or " +61 " to "+61"; undefined when it is no calling code. */
export function normalizeCountryCode(code: string | undefined): string | undefined {
  const digits = (code ?? DEFAULT_COUNTRY_CODE).trim().replace(/^\+/, '');
  return /^[1-9][0-9]{0,3}$/.test(digits) ? `+${digits}` : undefined;
}

/**
 * A mobile number in its E.164 form ("+61412345678"), from a national number and a calling
 * code, or from a number already written with its "+" prefix. Undefined when not a valid number.
 */
export function toE164(mobile: string, countryCode: string = DEFAULT_COUNTRY_CODE): string | undefined {
  const cleaned = mobile.trim().replace(/[\s().-]/g, '');
  if (!/^\+?[0-9]{4,17}$/.test(cleaned)) return undefined;
  const code = normalizeCountryCode(countryCode);
  const full = cleaned.startsWith('+') ? cleaned : code ? `${code}${cleaned.replace(/^0+/, '')}` : undefined;
  if (!full || !isValidPhoneNumber(full)) return undefined;
  return parsePhoneNumberFromString(full)?.number;
}

export function validateMobile(mobile: string, countryCode?: string): Verdict {
  return toE164(mobile, countryCode) ? OK : fail('invalidMobile');
}

export type Account =
  | { type: typeof AccountType.email; value: string }
  | { type: typeof AccountType.mobile; value: string };

/**
 * Reads an account as typed into a login or registration form: an email address (lower-cased)
 * or a mobile number (E.164 with the calling code). The verdict names the kind that failed.
 */
export function parseAccount(
  input: string,
  countryCode?: string,
): { ok: true; account: Account } | { ok: false; verdict: Verdict } {
  const trimmed = input.trim();
  if (trimmed === '') return { ok: false, verdict: fail('accountFormatError') };
  if (isEmailAccount(trimmed)) {
    const verdict = validateEmail(trimmed);
    if (!verdict.ok) return { ok: false, verdict };
    return { ok: true, account: { type: AccountType.email, value: trimmed.toLowerCase() } };
  }
  if (/[A-Za-z]/.test(trimmed)) return { ok: false, verdict: fail('accountFormatError') };
  const e164 = toE164(trimmed, countryCode);
  if (!e164) return { ok: false, verdict: fail('invalidMobile') };
  return { ok: true, account: { type: AccountType.mobile, value: e164 } };
}

/** Whether a brand that accepts `brandType` accounts takes this account. */
export function validateAccountTypeForBrand(account: Account, brandType: ValueOf<typeof BrandAccountType>): Verdict {
  if (brandType === BrandAccountType.mobileAndEmail) return OK;
  const wanted = brandType === BrandAccountType.mobile ? AccountType.mobile : AccountType.email;
  return account.type === wanted ? OK : fail('accountTypeNotSupported');
}

/** Registration needs the terms and privacy agreement ticked. */
export function validateAgreement(agreed: boolean): Verdict {
  return agreed ? OK : fail('agreementNotTicked');
}

/** A changed account must differ from the current one (existence is the server's check). */
export function validateNewAccount(current: Account, next: Account): Verdict {
  return current.type === next.type && current.value === next.value ? fail('sameAsCurrentAccount') : OK;
}

/** Sending to an unregistered recipient needs a country code or an explicit confirmation. */
export function validateUnregisteredRecipient(input: {
  registered: boolean;
  countryCode?: string | undefined;
  confirmed?: boolean | undefined;
}): Verdict {
  if (input.registered) return OK;
  if (input.confirmed || normalizeCountryCode(input.countryCode ?? '') !== undefined) return OK;
  return fail('recipientNeedsCountryCode');
}
