import { DEFAULT_LOCALE, type Locale, localeWithin, resolveLocale } from '@smartlock/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

const SESSION_LANG = 'sl.lang';

const consoleCatalogues = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*.json');
const contractCatalogues = import.meta.glob<{ default: Record<string, unknown> }>(
  '../../../../packages/contract/src/messages/*.json',
);

function pick<T>(catalogues: Record<string, () => Promise<T>>, locale: Locale): () => Promise<T> {
  const entry = Object.entries(catalogues).find(([path]) => path.endsWith(`/${locale}.json`));
  if (!entry) throw new Error(`no catalogue for ${locale}`);
  return entry[1];
}

/**
 * The language, in the spec's order: the `lang` URL parameter, then the browser's language,
 * then the session setting (the language switcher's last choice); English by default. Limited
 * to the languages the brand offers.
 */
export function chooseLocale(allowed: readonly Locale[], search = location.search): Locale {
  const fromUrl = resolveLocale(new URLSearchParams(search).get('lang'));
  const fromBrowser =
    navigator.languages?.map((tag) => resolveLocale(tag)).find(Boolean) ?? resolveLocale(navigator.language);
  const fromSession = resolveLocale(sessionStorage.getItem(SESSION_LANG));
  for (const candidate of [fromUrl, fromBrowser, fromSession]) {
    if (candidate && allowed.includes(candidate)) return candidate;
  }
  return localeWithin(DEFAULT_LOCALE, allowed);
}

/** Loads one language (the console's strings and the contract's messages) on demand. */
async function load(locale: Locale): Promise<void> {
  if (i18next.hasResourceBundle(locale, 'translation')) return;
  const [own, shared] = await Promise.all([pick(consoleCatalogues, locale)(), pick(contractCatalogues, locale)()]);
  i18next.addResourceBundle(locale, 'translation', { ...own.default, ...shared.default }, true, true);
}

export async function startI18n(locale: Locale): Promise<void> {
  await i18next.use(initReactI18next).init({
    lng: locale,
    fallbackLng: false,
    resources: {},
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await load(locale);
  await i18next.changeLanguage(locale);
  document.documentElement.lang = locale.replace('_', '-');
}

/** Switches language: remembered for the session and written into the URL. */
export async function switchLanguage(locale: Locale): Promise<void> {
  await load(locale);
  sessionStorage.setItem(SESSION_LANG, locale);
  const url = new URL(location.href);
  url.searchParams.set('lang', locale);
  history.replaceState(history.state, '', url);
  await i18next.changeLanguage(locale);
  document.documentElement.lang = locale.replace('_', '-');
}

/** Brand terms replace the console's own words (users, pin codes, credentials, history). */
export function applyTerms(locale: Locale, terms: Partial<Record<string, string>>): void {
  for (const [term, text] of Object.entries(terms)) {
    if (text) i18next.addResource(locale, 'translation', `term.${term}`, text);
  }
}

export { i18next };
