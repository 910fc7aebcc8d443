import { PasscodeVersion } from '../enums/credential';
import { fail, OK, type Verdict } from './result';

export const PASSCODE_LENGTH = { absoluteMin: 4, defaultMin: 6, max: 9 } as const;

/** The brand's minimum length, never below 4 nor above 9. */
export function passcodeMinLength(brandMin: number | undefined): number {
  const min = brandMin ?? PASSCODE_LENGTH.defaultMin;
  return Math.min(Math.max(Math.trunc(min), PASSCODE_LENGTH.absoluteMin), PASSCODE_LENGTH.max);
}

/**
 * A custom passcode: digits only, from the brand's minimum to 9, and a length the lock
 * supports (`supportedLengths`, when the lock reports them).
 */
export function validatePasscodeLength(
  code: string,
  options: { brandMin?: number | undefined; supportedLengths?: readonly number[] | undefined } = {},
): Verdict {
  const min = passcodeMinLength(options.brandMin);
  const params = { min, max: PASSCODE_LENGTH.max };
  if (!/^[0-9]+$/.test(code) || code.length < min || code.length > PASSCODE_LENGTH.max) {
    return fail('passcodeLengthInvalid', params);
  }
  if (options.supportedLengths && !options.supportedLengths.includes(code.length)) {
    return fail('passcodeLengthInvalid', params);
  }
  return OK;
}

/** A lock added with a low-version app (passcode version 0) cannot get or modify passcodes. */
export function validatePasscodeVersion(version: number): Verdict {
  return version === PasscodeVersion.notAllowed ? fail('lowVersionPasscode') : OK;
}
