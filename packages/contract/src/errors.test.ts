import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogueProblems } from './catalogueCheck';
import { CLIENT_MESSAGES, ERRORS, type ErrorName, errorNameOf, isLoginExpired } from './errors';
import { LOCALES } from './locales';
import { pluralKey } from './plurals';

const dir = join(import.meta.dirname, 'messages');
type Tree = { [key: string]: string | Tree };
type Messages = Record<string, Record<string, string>>;
/** Nested groups ("records.type.appUnlock") flattened to dotted keys under their top-level group. */
const flatten = (tree: Tree, prefix = ''): Record<string, string> =>
  Object.fromEntries(
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string' ? [[`${prefix}${key}`, value]] : Object.entries(flatten(value, `${prefix}${key}.`)),
    ),
  );
const load = (locale: string): Messages =>
  Object.fromEntries(
    Object.entries(JSON.parse(readFileSync(join(dir, `${locale}.json`), 'utf8')) as Record<string, Tree>).map(
      ([group, tree]) => [group, flatten(tree)],
    ),
  );
const placeholders = (text: string) => (text.match(/\{\{\w+\}\}/g) ?? []).sort();
/** A group's messages by name, a counted message's plural forms standing as one ("locks_one" -> "locks"). */
const byMessage = (group: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(group).map(([key, text]) => [pluralKey(key)[0], text]));
const byMessages = (locale: string): Messages =>
  Object.fromEntries(Object.entries(load(locale)).map(([group, texts]) => [group, byMessage(texts)]));
const dotted = (messages: Messages) =>
  new Map(
    Object.entries(messages).flatMap(([group, texts]) =>
      Object.entries(texts).map(([key, text]) => [`${group}.${key}`, text]),
    ),
  );

describe('error catalogue', () => {
  it('gives every error a distinct code', () => {
    const codes = Object.values(ERRORS).map((e) => e.code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('keeps the codes the spec names', () => {
    expect(ERRORS.success.code).toBe(0);
    expect(ERRORS.loginExpired.code).toBe(-4);
    expect(ERRORS.notLoggedIn.code).toBe(-2000);
    expect(ERRORS.noPermission.code).toBe(-2018);
    expect(isLoginExpired(-4) && isLoginExpired(-2000) && !isLoginExpired(-2018)).toBe(true);
  });

  it('finds the entry of a code and nothing for an unknown one', () => {
    expect(errorNameOf(-2018)).toBe('noPermission');
    expect(errorNameOf(123456)).toBeUndefined();
  });

  it('maps each error to a real HTTP status', () => {
    for (const def of Object.values(ERRORS)) expect(def.http).toBeGreaterThanOrEqual(200);
  });

  it('has exactly one file per console language', () => {
    expect(readdirSync(dir).sort()).toEqual(LOCALES.map((l) => `${l}.json`).sort());
  });

  const english = byMessages('en_US');
  it('has an English message for every error and client message, and none extra', () => {
    expect(Object.keys(english.errors ?? {}).sort()).toEqual((Object.keys(ERRORS) as ErrorName[]).sort());
    expect(Object.keys(english.client ?? {}).sort()).toEqual([...CLIENT_MESSAGES].sort());
  });

  for (const locale of LOCALES) {
    it(`translates every message into ${locale}, keeping placeholders`, () => {
      const messages = byMessages(locale);
      for (const group of Object.keys(english)) {
        for (const [key, source] of Object.entries(english[group] ?? {})) {
          const text = messages[group]?.[key];
          expect(text, `${locale} ${group}.${key}`).toBeTruthy();
          expect(placeholders(text ?? ''), `${locale} ${group}.${key}`).toEqual(placeholders(source));
        }
        expect(Object.keys(messages[group] ?? {}).length).toBe(Object.keys(english[group] ?? {}).length);
      }
    });
  }

  for (const locale of LOCALES) {
    it(`gives each counted message of ${locale} the plural forms its language takes, and no other`, () => {
      const messages = dotted(load(locale));
      expect(catalogueProblems(locale, messages)).toEqual([]);
      const source = dotted(english);
      for (const [key, text] of messages) {
        expect(placeholders(text), `${locale} ${key}`).toEqual(placeholders(source.get(pluralKey(key)[0]) ?? ''));
      }
    });
  }
});
