import type { Locale as Language } from '@smartlock/contract';
import type { Locale as AntdLocale } from 'antd/es/locale';

/** Ant Design's own pack for each console language, fetched with the language. */
const PACKS: Record<Language, () => Promise<{ default: AntdLocale }>> = {
  en_US: () => import('antd/es/locale/en_US'),
  cs_CZ: () => import('antd/es/locale/cs_CZ'),
  de_DE: () => import('antd/es/locale/de_DE'),
  es_ES: () => import('antd/es/locale/es_ES'),
  fr_FR: () => import('antd/es/locale/fr_FR'),
  it_IT: () => import('antd/es/locale/it_IT'),
  ja_JP: () => import('antd/es/locale/ja_JP'),
  pt_BR: () => import('antd/es/locale/pt_BR'),
  pt_PT: () => import('antd/es/locale/pt_PT'),
  ru_RU: () => import('antd/es/locale/ru_RU'),
  tr_TR: () => import('antd/es/locale/tr_TR'),
  uk_UA: () => import('antd/es/locale/uk_UA'),
  zh_CN: () => import('antd/es/locale/zh_CN'),
  zh_TW: () => import('antd/es/locale/zh_TW'),
};

export async function antdLocale(language: Language): Promise<AntdLocale> {
  return (await PACKS[language]()).default;
}

/** Each language's name in itself, for the switcher. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en_US: 'English',
  cs_CZ: 'Čeština',
  de_DE: 'Deutsch',
  es_ES: 'Español',
  fr_FR: 'Français',
  it_IT: 'Italiano',
  ja_JP: '日本語',
  pt_BR: 'Português (Brasil)',
  pt_PT: 'Português (Portugal)',
  ru_RU: 'Русский',
  tr_TR: 'Türkçe',
  uk_UA: 'Українська',
  zh_CN: '简体中文',
  zh_TW: '繁體中文',
};
