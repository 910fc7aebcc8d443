import loaders from 'virtual:message-loaders';
import { DEFAULT_LOCALE, type Locale, localeWithin, resolveLocale } from '@smartlock/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { MessagePart } from './messageParts';

const SESSION_LANG = 'sl.lang';

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

const loaded = new Set<string>();
/** The parts the screens opened so far need: a language switched to loads each of them. */
const wanted = new Set<MessagePart>(['public']);

/** Loads one part of one language's messages (the console's and the contract's) on demand. */
async function load(locale: Locale, part: MessagePart): Promise<void> {
  if (loaded.has(`${locale}/${part}`)) return;
  const loader = loaders[locale]?.[part];
  if (!loader) throw new Error(`no catalogue for ${locale}`);
  const messages = await loader();
  i18next.addResourceBundle(locale, 'translation', messages.default, true, true);
  loaded.add(`${locale}/${part}`);
}

async function loadAll(locale: Locale): Promise<void> {
  await Promise.all([...wanted].map((part) => load(locale, part)));
}

/** Starts fetching a language's public messages (start-up, while the brand is asked for). */
export function prefetchMessages(locale: Locale): void {
  void loaders[locale]?.public().catch(() => undefined);
}

/** Parts of the messages in the current language, for screens about to show (they wait for them). */
export async function loadMessages(...parts: MessagePart[]): Promise<void> {
  for (const part of parts) wanted.add(part);
  await Promise.all(parts.map((part) => load(i18next.language as Locale, part)));
}

export async function startI18n(locale: Locale): Promise<void> {
  await i18next.use(initReactI18next).init({
    lng: locale,
    fallbackLng: false,
    resources: {},
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await loadAll(locale);
  await i18next.changeLanguage(locale);
  document.documentElement.lang = locale.replace('_', '-');
}

/** Switches language: remembered for the session and written into the URL. */
export async function switchLanguage(locale: Locale): Promise<void> {
  await loadAll(locale);
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
