import { AUTO_LOCK_SECONDS, EKEY_CREDENTIAL_MAX_AGE_DAYS } from '../enums/lock';
import { fail, OK, type Verdict } from './result';

/**
 * Route rule: a lockId is a positive integer with no leading zero (and a safe integer).
 * Returns the number, or undefined when the bad-parameter message is due.
 */
export function parseLockId(raw: string | null | undefined): number | undefined {
  if (raw == null || !/^[1-9][0-9]*$/.test(raw)) return undefined;
  const value = Number(raw);
  return Number.isSafeInteger(value) ? value : undefined;
}

export function validateLockId(raw: string | null | undefined): Verdict {
  return parseLockId(raw) === undefined ? fail('lockIdInvalid') : OK;
}

/** Auto-lock time: a whole number of seconds from 5 to 900. */
export function validateAutoLockTime(seconds: number | string): Verdict {
  const value =
    typeof seconds === 'string' ? (/^[0-9]+$/.test(seconds.trim()) ? Number(seconds) : Number.NaN) : seconds;
  if (!Number.isInteger(value) || value < AUTO_LOCK_SECONDS.min || value > AUTO_LOCK_SECONDS.max) {
    return fail('autoLockTimeInvalid');
  }
  return OK;
}

/** An eKey credential's maximum age: a whole number of days from 1 to 30. */
export function validateEKeyCredentialMaxAge(days: number | string): Verdict {
  const value = typeof days === 'string' ? (/^[0-9]+$/.test(days.trim()) ? Number(days) : Number.NaN) : days;
  if (
    !Number.isInteger(value) ||
    value < EKEY_CREDENTIAL_MAX_AGE_DAYS.min ||
    value > EKEY_CREDENTIAL_MAX_AGE_DAYS.max
  ) {
    return fail('eKeyCredentialMaxAgeInvalid', {
      min: EKEY_CREDENTIAL_MAX_AGE_DAYS.min,
      max: EKEY_CREDENTIAL_MAX_AGE_DAYS.max,
    });
  }
  return OK;
}

/** A device MAC address in the canonical form "AA:BB:CC:DD:EE:FF", or undefined when malformed. */
export function normalizeMac(raw: string): string | undefined {
  const hex = raw.trim().replace(/[:-]/g, '').toUpperCase();
  if (!/^[0-9A-F]{12}$/.test(hex) || /^0{12}$|^F{12}$/.test(hex)) return undefined;
  return hex.match(/../g)?.join(':');
}
