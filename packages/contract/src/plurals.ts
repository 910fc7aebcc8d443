import type { Locale } from './locales';

/** The plural forms i18next keys end with ("locks_one", "locks_few"), as Intl.PluralRules names them. */
export const PLURAL_FORMS = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
export type PluralForm = (typeof PLURAL_FORMS)[number];

const SUFFIX = new RegExp(`^(.+)_(${PLURAL_FORMS.join('|')})$`);

/** A catalogue key split into its message and its plural form ("locks_few" -> ["locks", "few"]). */
export function pluralKey(key: string): [message: string, form: PluralForm | undefined] {
  const match = SUFFIX.exec(key);
  return match ? [match[1] as string, match[2] as PluralForm] : [key, undefined];
}

/** The language tag of a console locale ("pt_BR" -> "pt-BR"). */
export const languageTag = (locale: Locale): string => locale.replace('_', '-');

/** The forms a counted message needs in a locale: one/other in English, one/few/many/other in Czech... */
export function pluralFormsOf(locale: Locale): readonly PluralForm[] {
  const forms = new Intl.PluralRules(languageTag(locale)).resolvedOptions().pluralCategories as PluralForm[];
  return PLURAL_FORMS.filter((form) => forms.includes(form));
}

/** The form a count takes in a locale (1 -> "one", 3 -> "few" in Russian, 1000000 -> "many" in French). */
export const pluralFormFor = (locale: Locale, count: number): PluralForm =>
  new Intl.PluralRules(languageTag(locale)).select(count) as PluralForm;
