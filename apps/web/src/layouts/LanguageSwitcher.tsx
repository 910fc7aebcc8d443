import { GlobalOutlined } from '@ant-design/icons';
import type { Locale } from '@smartlock/contract';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useConsole } from '../app/context';
import { LANGUAGE_NAMES } from '../i18n/antdLocale';
import { NativeSelect } from '../ui/NativeSelect';

/** A phone's width: the switcher shows the language's short code, leaving the header room for the page's title. */
const PHONE = '(max-width: 575.98px)';

function onResize(listener: () => void): () => void {
  const query = window.matchMedia(PHONE);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

/** "EN", "DE", ...; the two Portugueses and Chineses keep their region ("PT-BR", "ZH-TW"). */
export function languageCode(locale: string): string {
  const [language = locale, region] = locale.split('_');
  return (language === 'pt' || language === 'zh') && region
    ? `${language}-${region}`.toUpperCase()
    : language.toUpperCase();
}

/** The brand's languages, each named in itself (on a phone the closed switcher shows the short code). */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const { locales, setLocale } = useConsole();
  const phone = useSyncExternalStore(onResize, () => window.matchMedia(PHONE).matches);
  return (
    <NativeSelect
      ariaLabel={t('header.language')}
      testId="language-switcher"
      value={i18n.language}
      onChange={(value) => void setLocale(value as Locale)}
      options={locales.map((locale) => ({ value: locale, label: LANGUAGE_NAMES[locale] }))}
      icon={<GlobalOutlined />}
      {...(phone ? { shown: languageCode(i18n.language) } : {})}
      borderless
      style={phone ? {} : { minWidth: 130 }}
    />
  );
}
