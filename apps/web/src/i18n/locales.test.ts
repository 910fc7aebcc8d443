import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { catalogueProblems, LOCALES, pluralKey } from '@smartlock/contract';
import { describe, expect, it } from 'vitest';

const dir = join(import.meta.dirname, 'locales');
type Tree = { [key: string]: string | Tree };
const flat = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[prefix + key, value]] : flat(value, `${prefix}${key}.`),
  );
const load = (locale: string) => new Map(flat(JSON.parse(readFileSync(join(dir, `${locale}.json`), 'utf8'))));
/** The messages by name, a counted message's plural forms standing as one ("moved_one" -> "moved"). */
const byMessage = (messages: Map<string, string>) =>
  new Map([...messages].map(([key, text]) => [pluralKey(key)[0], text]));
const tokens = (text: string) => (text.match(/\{\{\w+\}\}|\$t\([\w.]+\)/g) ?? []).sort();

describe('console locales', () => {
  it('has one file per console language', () => {
    expect(
      readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort(),
    ).toEqual(LOCALES.map((l) => `${l}.json`).sort());
  });

  const english = byMessage(load('en_US'));
  for (const locale of LOCALES) {
    it(`${locale} has every key of English, none empty, none extra, same placeholders`, () => {
      const messages = byMessage(load(locale));
      for (const [key, source] of english) {
        const text = messages.get(key);
        expect(text, `${locale}: ${key}`).toBeTruthy();
        expect(tokens(text ?? ''), `${locale}: ${key}`).toEqual(tokens(source));
      }
      expect([...messages.keys()].filter((key) => !english.has(key))).toEqual([]);
      for (const [key, text] of load(locale)) {
        expect(tokens(text), `${locale}: ${key}`).toEqual(tokens(english.get(pluralKey(key)[0]) ?? ''));
      }
    });
  }

  for (const locale of LOCALES) {
    it(`${locale} gives each counted message the plural forms its language takes, and no other`, () => {
      expect(catalogueProblems(locale, load(locale))).toEqual([]);
    });
  }

  it('translates: a non-English locale differs from English in most strings', () => {
    for (const locale of LOCALES.filter((l) => l !== 'en_US')) {
      const messages = byMessage(load(locale));
      const same = [...english].filter(([key, text]) => messages.get(key) === text && !text.startsWith('$t(')).length;
      expect(same / english.size, locale).toBeLessThan(0.2);
    }
  });
});
