import { GlobalOutlined } from '@ant-design/icons';
import type { Locale } from '@smartlock/contract';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useConsole } from '../app/context';
import { LANGUAGE_NAMES } from '../i18n/antdLocale';

/** The brand's languages, each named in itself. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const { locales, setLocale } = useConsole();
  return (
    <Select
      aria-label={t('header.language')}
      data-testid="language-switcher"
      value={i18n.language as Locale}
      onChange={(value: Locale) => void setLocale(value)}
      options={locales.map((locale) => ({ value: locale, label: LANGUAGE_NAMES[locale] }))}
      suffixIcon={<GlobalOutlined />}
      variant="borderless"
      popupMatchSelectWidth={false}
      style={{ minWidth: 130 }}
    />
  );
}
