import { LOCALES, type Locale, localesFor } from '@smartlock/contract';
import { company } from '@smartlock/contract/refs';
import { QueryClient } from '@tanstack/react-query';
import type { Locale as AntdLocale } from 'antd/es/locale';
import { ApiClient } from '../api/client';
import { shouldRetry } from '../api/retry';
import { antdLocale } from '../i18n/antdLocale';
import { applyTerms, chooseLocale, i18next, prefetchMessages, startI18n, switchLanguage } from '../i18n/i18n';
import type { WebInfo } from './context';
import { buildRouter, type ConsoleRouter, prefetchPage } from './router';
import { markLoggedOut } from './sessionFlag';
import { clearUserInfo } from './userInfo';

export interface Boot {
  api: ApiClient;
  brand: WebInfo;
  locales: Locale[];
  antdLocale: AntdLocale;
  queries: QueryClient;
  router: ConsoleRouter;
  /** Switches language and returns the brand with its terms in that language. */
  changeLanguage(locale: Locale): Promise<WebInfo>;
}

function setFavicon(url: string): void {
  if (!url) return;
  const link = document.querySelector<HTMLLinkElement>('link#favicon');
  if (link) link.href = url;
}

/**
 * Start-up: the console's app credentials, the brand of this host (its languages, theme,
 * terms), the language, then the router. The session is lost in one place: the client's
 * callback clears user info, sets the logout flag and goes to the login screen.
 */
export async function boot(): Promise<Boot> {
  // What the first screen needs, fetched side by side with the credentials and the brand: its
  // code and, in the likely language, its words and Ant Design's pack.
  const likely = chooseLocale(LOCALES);
  prefetchPage(location.pathname);
  prefetchMessages(likely);
  const likelyPack = antdLocale(likely);
  likelyPack.catch(() => undefined); // awaited below when the brand keeps the likely language
  const config = (await (await fetch('/app-config.json')).json()) as {
    appId: string;
    appSecret: string;
  };
  let packageName: string | undefined;
  let language: Locale = likely;
  const queries = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false, retry: shouldRetry } } });
  let router: ConsoleRouter | undefined;
  const api = new ApiClient({
    appId: config.appId,
    appSecret: config.appSecret,
    language: () => language,
    packageName: () => packageName,
    onSessionLost: () => {
      clearUserInfo(queries);
      markLoggedOut();
      const here = router?.state.location.pathname ?? '/';
      if (!['/', '/login', '/user/loginByAccessToken'].includes(here)) void router?.navigate('/');
    },
  });
  const brandIn = (locale: Locale) => {
    language = locale;
    return api.call(company.getCompanyInfo, { domainName: location.hostname });
  };
  let brand = await brandIn(language);
  packageName = brand.packageName;
  const locales = localesFor(brand.supportLocaleType);
  const chosen = chooseLocale(locales);
  if (chosen !== language) brand = await brandIn(chosen);
  const [pack] = await Promise.all([chosen === likely ? likelyPack : antdLocale(chosen), startI18n(chosen)]);
  applyTerms(chosen, brand.terms);
  setFavicon(brand.favIconUrl);
  router = buildRouter();
  return {
    api,
    brand,
    locales,
    antdLocale: pack,
    queries,
    router,
    async changeLanguage(locale) {
      const refreshed = await brandIn(locale);
      await switchLanguage(locale);
      applyTerms(locale, refreshed.terms);
      await i18next.changeLanguage(locale);
      return refreshed;
    },
  };
}
