import { fail, OK, type Verdict } from './result';

export const TEMPLATE_MAX_LENGTH = 1000;

/** The placeholders a message template may use. */
export const TemplatePlaceholder = {
  room: '{room}',
  passcode: '{passcode}',
  time: '{time}',
  appLink: '{appLink}',
  unlockLink: '{unlockLink}',
} as const;

/**
 * "No special characters": letters and digits of any script, spaces and line breaks, common
 * punctuation, and placeholder braces. Excluded: angle brackets, backslash, control characters,
 * emoji and other symbols that SMS gateways and mail clients mangle.
 */
const ALLOWED = /^[\p{L}\p{M}\p{N}\s.,;:!?¿¡'"“”‘’«»()[\]{}\-–—_/@#%&*+=~$€£¥|…、。，！？：；（）【】《》「」『』·]*$/u;
const PLACEHOLDER = /\{(\w+)\}/g;

export function validateTemplate(text: string, options: { passcodeTemplate?: boolean } = {}): Verdict {
  if ([...text].length > TEMPLATE_MAX_LENGTH) return fail('templateTooLong');
  if (!ALLOWED.test(text)) return fail('templateSpecialCharacters');
  const known = new Set<string>(Object.values(TemplatePlaceholder));
  for (const match of text.matchAll(PLACEHOLDER)) {
    if (!known.has(match[0])) return fail('templateSpecialCharacters');
  }
  if (options.passcodeTemplate) {
    if (!text.includes(TemplatePlaceholder.room) || !text.includes(TemplatePlaceholder.passcode)) {
      return fail('templateMissingPlaceholders');
    }
  }
  return OK;
}
