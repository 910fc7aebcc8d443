import type { Locale } from './locales';
import { pluralFormsOf, pluralKey } from './plurals';

/**
 * What is wrong with a locale's plural messages, one line each (none when all is well): a counted
 * message (one with {{count}}) that is not split into plural forms, a form the language needs that
 * is missing, or a form the language does not use. `messages` maps dotted keys to their text.
 */
export function catalogueProblems(locale: Locale, messages: ReadonlyMap<string, string>): string[] {
  const needed = pluralFormsOf(locale);
  const problems: string[] = [];
  const forms = new Map<string, Set<string>>();
  for (const [key, text] of messages) {
    const [message, form] = pluralKey(key);
    if (form === undefined) {
      if (text.includes('{{count}}')) problems.push(`${locale}: ${key} counts but has no plural forms`);
      continue;
    }
    forms.set(message, (forms.get(message) ?? new Set()).add(form));
    if (!needed.includes(form)) problems.push(`${locale}: ${key} is a form ${locale} does not use`);
  }
  for (const [message, has] of forms) {
    for (const form of needed) {
      if (!has.has(form)) problems.push(`${locale}: ${message}_${form} is missing`);
    }
  }
  return problems;
}
