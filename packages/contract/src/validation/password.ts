import { fail, OK, type Verdict } from './result';

export const PASSWORD_LENGTH = { min: 8, max: 20 } as const;

const DIGIT = /[0-9]/;
const LETTER = /[A-Za-z]/;
/** Printable ASCII symbols; anything else outside letters and digits is illegal. */
const SYMBOL = /[!-/:-@[-`{-~]/;
const ALLOWED = /^[\x21-\x7e]*$/;

/**
 * Section 5: 8 to 20 characters, at least two of the three kinds (digits, letters, symbols),
 * no spaces, no Chinese characters, nothing outside printable ASCII.
 */
export function validatePassword(password: string): Verdict {
  if (!ALLOWED.test(password)) return fail('passwordIllegalCharacters');
  if (password.length < PASSWORD_LENGTH.min || password.length > PASSWORD_LENGTH.max) {
    return fail('passwordLength');
  }
  const kinds = [DIGIT, LETTER, SYMBOL].filter((kind) => kind.test(password)).length;
  if (kinds < 2) return fail('passwordTooSimple');
  return OK;
}

/** The confirmation must match the password exactly. */
export function validatePasswordConfirmation(password: string, confirmation: string): Verdict {
  return password === confirmation ? OK : fail('passwordsDoNotMatch');
}
