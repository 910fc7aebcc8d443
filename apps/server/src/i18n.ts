import { DEFAULT_LOCALE, LOCALES, type Locale, pluralFormFor } from '@smartlock/contract';
import cs from '@smartlock/contract/messages/cs_CZ.json' with { type: 'json' };
import de from '@smartlock/contract/messages/de_DE.json' with { type: 'json' };
import en from '@smartlock/contract/messages/en_US.json' with { type: 'json' };
import es from '@smartlock/contract/messages/es_ES.json' with { type: 'json' };
import fr from '@smartlock/contract/messages/fr_FR.json' with { type: 'json' };
import it from '@smartlock/contract/messages/it_IT.json' with { type: 'json' };
import ja from '@smartlock/contract/messages/ja_JP.json' with { type: 'json' };
import ptBR from '@smartlock/contract/messages/pt_BR.json' with { type: 'json' };
import ptPT from '@smartlock/contract/messages/pt_PT.json' with { type: 'json' };
import ru from '@smartlock/contract/messages/ru_RU.json' with { type: 'json' };
import tr from '@smartlock/contract/messages/tr_TR.json' with { type: 'json' };
import uk from '@smartlock/contract/messages/uk_UA.json' with { type: 'json' };
import zhCN from '@smartlock/contract/messages/zh_CN.json' with { type: 'json' };
import zhTW from '@smartlock/contract/messages/zh_TW.json' with { type: 'json' };

type Tree = { [key: string]: string | Tree };

const CATALOGUES: Record<Locale, Tree> = {
  en_US: en,
  cs_CZ: cs,
  de_DE: de,
  es_ES: es,
  fr_FR: fr,
  it_IT: it,
  ja_JP: ja,
  pt_BR: ptBR,
  pt_PT: ptPT,
  ru_RU: ru,
  tr_TR: tr,
  uk_UA: uk,
  zh_CN: zhCN,
  zh_TW: zhTW,
};

function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** A message in a locale; a numeric `count` picks its plural form ("locks_few"), as i18next does. */
function message(locale: Locale, key: string, count: unknown): string | undefined {
  const tree = CATALOGUES[locale];
  const counted = typeof count === 'number' ? lookup(tree, `${key}_${pluralFormFor(locale, count)}`) : undefined;
  return counted ?? lookup(tree, key) ?? lookup(tree, `${key}_other`);
}

/**
 * A server-side message ("errors.badParameter", "notices.validationCode.body") in a locale. A
 * numeric `count` among the params chooses the plural form the locale's language takes for it.
 */
export function translate(locale: Locale, key: string, params: Record<string, string | number> = {}): string {
  const template = message(locale, key, params.count) ?? message(DEFAULT_LOCALE, key, params.count) ?? key;
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

export const SERVER_LOCALES = LOCALES;
