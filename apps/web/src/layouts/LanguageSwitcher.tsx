import { GlobalOutlined } from '@ant-design/icons';
import type { Locale } from '@smartlock/contract';
import { useTranslation } from 'react-i18next';
import { useConsole } from '../app/context';
import { NativeSelect } from '../components/NativeSelect';
import { LANGUAGE_NAMES } from '../i18n/antdLocale';

/** The brand's languages, each named in itself. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const { locales, setLocale } = useConsole();
  return (
    <NativeSelect
      ariaLabel={t('header.language')}
      testId="language-switcher"
      value={i18n.language}
      onChange={(value) => void setLocale(value as Locale)}
      options={locales.map((locale) => ({ value: locale, label: LANGUAGE_NAMES[locale] }))}
      icon={<GlobalOutlined />}
      borderless
      style={{ minWidth: 130 }}
    />
  );
}
