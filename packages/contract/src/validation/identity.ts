import { REMARK_MAX } from '../limits';
import { fail, OK, type Verdict } from './result';

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK = '10X98765432';

/** The ISO 7064 MOD 11-2 check of an 18-character resident identity number. */
function residentIdChecksumOk(id: string): boolean {
  const sum = WEIGHTS.reduce((acc, weight, i) => acc + weight * Number(id[i]), 0);
  return CHECK[sum % 11] === id[17]?.toUpperCase();
}

function birthDateOk(id: string): boolean {
  const year = Number(id.slice(6, 10));
  const month = Number(id.slice(10, 12));
  const day = Number(id.slice(12, 14));
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1900 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && date.getTime() <= Date.now();
}

/**
 * ID number: an 18-character resident identity number must carry a valid birth date and
 * check digit; any other document number (passport, national ID) is 5 to 20 letters and digits,
 * optionally with hyphens, starting with a letter or digit.
 */
export function validateIdNumber(id: string): Verdict {
  const value = id.trim();
  if (/^[0-9]{17}[0-9Xx]$/.test(value)) {
    return residentIdChecksumOk(value) && birthDateOk(value) ? OK : fail('idNumberFormat');
  }
  return /^[A-Za-z0-9][A-Za-z0-9-]{4,19}$/.test(value) && !value.endsWith('-') ? OK : fail('idNumberFormat');
}

/** A remark or name: printable text of any script, no markup characters, at most 200 characters. */
export function validateRemark(remark: string): Verdict {
  if ([...remark].length > REMARK_MAX) return fail('remarkInvalid');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we reject
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f<>\\]/.test(remark)) return fail('remarkInvalid');
  return OK;
}
