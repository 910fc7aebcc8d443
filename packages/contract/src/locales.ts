/** Spec section 1: the 14 console languages, their aliases and the brand's support-locale types. */

export const LOCALES = [
  'en_US',
  'cs_CZ',
  'de_DE',
  'es_ES',
  'fr_FR',
  'it_IT',
  'ja_JP',
  'pt_BR',
  'pt_PT',
  'ru_RU',
  'tr_TR',
  'uk_UA',
  'zh_CN',
  'zh_TW',
] as const;

export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en_US';

/** Traditional Chinese serves Hong Kong, Macau and any zh-Hant tag too. */
const ALIASES: Record<string, Locale> = {
  zh_hk: 'zh_TW',
  zh_mo: 'zh_TW',
  zh_hant: 'zh_TW',
  zh_hans: 'zh_CN',
  zh_sg: 'zh_CN',
};

/** A language with no region of its own falls back to this locale. */
const BY_LANGUAGE: Record<string, Locale> = {
  en: 'en_US',
  cs: 'cs_CZ',
  de: 'de_DE',
  es: 'es_ES',
  fr: 'fr_FR',
  it: 'it_IT',
  ja: 'ja_JP',
  pt: 'pt_PT',
  ru: 'ru_RU',
  tr: 'tr_TR',
  uk: 'uk_UA',
  zh: 'zh_CN',
};

/**
 * Maps a language tag as found in a URL, a browser or a request ("de", "de-AT", "zh_HK",
 * "zh-Hant-TW") to a console locale, or undefined when the language is not offered.
 */
export function resolveLocale(tag: string | null | undefined): Locale | undefined {
  if (!tag) return undefined;
  const parts = tag.trim().replace(/-/g, '_').split('_').filter(Boolean);
  if (parts.length === 0) return undefined;
  const language = (parts[0] ?? '').toLowerCase();
  const exact = LOCALES.find((l) => l.toLowerCase() === parts.slice(0, 2).join('_').toLowerCase());
  if (exact) return exact;
  for (const part of parts.slice(1)) {
    const alias = ALIASES[`${language}_${part.toLowerCase()}`];
    if (alias) return alias;
  }
  if (language === 'pt' && parts[1]?.toUpperCase() === 'BR') return 'pt_BR';
  return BY_LANGUAGE[language];
}

/** Which languages a brand offers. */
export const SupportLocaleType = {
  all: 0,
  noChinese: 1,
  noSimplifiedChinese: 2,
  allChinese: 3,
  allSimplifiedChinese: 4,
} as const;

export type SupportLocaleTypeValue = (typeof SupportLocaleType)[keyof typeof SupportLocaleType];

/**
 * The languages a brand shows. "all Chinese" offers only the two Chinese scripts,
 * "all Simplified Chinese" only Simplified Chinese: brands for the Chinese market.
 */
export function localesFor(type: SupportLocaleTypeValue): Locale[] {
  switch (type) {
    case SupportLocaleType.all:
      return [...LOCALES];
    case SupportLocaleType.noChinese:
      return LOCALES.filter((l) => !l.startsWith('zh_'));
    case SupportLocaleType.noSimplifiedChinese:
      return LOCALES.filter((l) => l !== 'zh_CN');
    case SupportLocaleType.allChinese:
      return ['zh_CN', 'zh_TW'];
    case SupportLocaleType.allSimplifiedChinese:
      return ['zh_CN'];
  }
}

/** A locale the brand offers: the wanted one if allowed, else the brand's first. */
export function localeWithin(wanted: Locale | undefined, allowed: readonly Locale[]): Locale {
  if (wanted && allowed.includes(wanted)) return wanted;
  return allowed.includes(DEFAULT_LOCALE) ? DEFAULT_LOCALE : (allowed[0] ?? DEFAULT_LOCALE);
}
