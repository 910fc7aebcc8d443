import { TemplateType } from '../enums/commerce';
import type { ValueOf } from '../enums/define';
import { fail, OK, type Verdict } from './result';

export const TEMPLATE_MAX_LENGTH = 1000;
export const TEMPLATE_NAME_MAX_LENGTH = 50;
export const TEMPLATE_SUBJECT_MAX_LENGTH = 200;

/** The placeholders a message template may use, as they are written in it. */
export const TemplatePlaceholder = {
  room: '{room}',
  passcode: '{passcode}',
  time: '{time}',
  appLink: '{appLink}',
  unlockLink: '{unlockLink}',
} as const;
export type PlaceholderName = keyof typeof TemplatePlaceholder;

/** Which placeholders each kind of template may use (an eKey's notice has no passcode). */
export const PLACEHOLDERS_OF: Record<ValueOf<typeof TemplateType>, readonly PlaceholderName[]> = {
  [TemplateType.passcode]: ['room', 'passcode', 'time', 'appLink', 'unlockLink'],
  [TemplateType.eKey]: ['room', 'time', 'appLink', 'unlockLink'],
};

/** Placeholders a template of the kind must contain (spec section 5: room and passcode in a passcode's). */
export const REQUIRED_PLACEHOLDERS_OF: Record<ValueOf<typeof TemplateType>, readonly PlaceholderName[]> = {
  [TemplateType.passcode]: ['room', 'passcode'],
  [TemplateType.eKey]: [],
};

/**
 * "No special characters": letters and digits of any script, spaces and line breaks, common
 * punctuation, and placeholder braces. Excluded: angle brackets, backslash, control characters,
 * emoji and other symbols that SMS gateways and mail clients mangle.
 */
const ALLOWED = /^[\p{L}\p{M}\p{N}\s.,;:!?¿¡'"“”‘’«»()[\]{}\-–—_/@#%&*+=~$€£¥|…、。，！？：；（）【】《》「」『』·]*$/u;
const PLACEHOLDER = /\{(\w*)\}/g;

/** Characters and placeholders, shared by the body and an email's subject. */
function checkText(text: string, type: ValueOf<typeof TemplateType>): Verdict {
  if (!ALLOWED.test(text)) return fail('templateSpecialCharacters');
  const allowed = PLACEHOLDERS_OF[type].map((name) => TemplatePlaceholder[name]);
  for (const match of text.matchAll(PLACEHOLDER)) {
    if (!allowed.includes(match[0] as (typeof allowed)[number])) {
      return fail('templatePlaceholderUnknown', { placeholder: match[0], allowed: allowed.join(' ') });
    }
  }
  return OK;
}

/** A template's text (spec section 5): at most 1000 characters, no special characters, its kind's placeholders. */
export function validateTemplate(text: string, type: ValueOf<typeof TemplateType> = TemplateType.passcode): Verdict {
  if ([...text].length > TEMPLATE_MAX_LENGTH) return fail('templateTooLong', { count: TEMPLATE_MAX_LENGTH });
  const checked = checkText(text, type);
  if (!checked.ok) return checked;
  const missing = REQUIRED_PLACEHOLDERS_OF[type].filter((name) => !text.includes(TemplatePlaceholder[name]));
  if (missing.length > 0) {
    return fail('templateMissingPlaceholders', {
      placeholders: missing.map((name) => TemplatePlaceholder[name]).join(' '),
    });
  }
  return OK;
}

/** An email template's subject: at most 200 characters, by the body's rules otherwise. */
export function validateTemplateSubject(text: string, type: ValueOf<typeof TemplateType>): Verdict {
  if ([...text].length > TEMPLATE_SUBJECT_MAX_LENGTH) {
    return fail('templateTooLong', { count: TEMPLATE_SUBJECT_MAX_LENGTH });
  }
  return checkText(text, type);
}

/** The placeholders a text uses, each once, in order of first use. */
export function placeholdersIn(text: string): PlaceholderName[] {
  const names = Object.keys(TemplatePlaceholder) as PlaceholderName[];
  const used = [...text.matchAll(PLACEHOLDER)]
    .map((m) => m[1])
    .filter((n): n is PlaceholderName => names.includes(n as PlaceholderName));
  return [...new Set(used)];
}

/** The message a template makes: each placeholder replaced by its value (none given: left out). */
export function renderTemplate(text: string, values: Partial<Record<PlaceholderName, string>>): string {
  return text.replace(PLACEHOLDER, (whole, name: string) =>
    Object.hasOwn(TemplatePlaceholder, name) ? (values[name as PlaceholderName] ?? '') : whole,
  );
}
