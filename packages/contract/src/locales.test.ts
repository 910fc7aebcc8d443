import { describe, expect, it } from 'vitest';
import { LOCALES, localesFor, localeWithin, resolveLocale, SupportLocaleType } from './locales';

describe('locale resolution', () => {
  it.each([
    ['de_DE', 'de_DE'],
    ['de-AT', 'de_DE'],
    ['de', 'de_DE'],
    ['pt-BR', 'pt_BR'],
    ['pt', 'pt_PT'],
    ['zh_HK', 'zh_TW'],
    ['zh-MO', 'zh_TW'],
    ['zh-Hant', 'zh_TW'],
    ['zh-Hant-HK', 'zh_TW'],
    ['zh-Hans-CN', 'zh_CN'],
    ['zh', 'zh_CN'],
    ['en-GB', 'en_US'],
    ['JA-jp', 'ja_JP'],
  ])('maps %s to %s', (tag, locale) => {
    expect(resolveLocale(tag)).toBe(locale);
  });

  it.each(['', 'xx', 'ko-KR', '__'])('offers nothing for %j', (tag) => {
    expect(resolveLocale(tag)).toBeUndefined();
  });

  it('has the 14 languages of the spec', () => {
    expect(LOCALES).toHaveLength(14);
  });

  it('hides languages per support-locale type', () => {
    expect(localesFor(SupportLocaleType.all)).toHaveLength(14);
    expect(localesFor(SupportLocaleType.noChinese).some((l) => l.startsWith('zh'))).toBe(false);
    expect(localesFor(SupportLocaleType.noSimplifiedChinese)).toContain('zh_TW');
    expect(localesFor(SupportLocaleType.noSimplifiedChinese)).not.toContain('zh_CN');
    expect(localesFor(SupportLocaleType.allChinese)).toEqual(['zh_CN', 'zh_TW']);
    expect(localesFor(SupportLocaleType.allSimplifiedChinese)).toEqual(['zh_CN']);
  });

  it('falls back to English, or the first allowed language, when the wanted one is hidden', () => {
    expect(localeWithin('zh_CN', localesFor(SupportLocaleType.noChinese))).toBe('en_US');
    expect(localeWithin('de_DE', localesFor(SupportLocaleType.allChinese))).toBe('zh_CN');
    expect(localeWithin(undefined, LOCALES)).toBe('en_US');
  });
});
