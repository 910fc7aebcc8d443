import { describe, expect, it } from 'vitest';
import { translate } from './i18n';

describe('translate', () => {
  it('fills the params into the message of the locale', () => {
    expect(translate('en_US', 'commerce.packageItem', { service: 'SMS', count: 500 })).toBe('SMS × 500');
  });

  it('picks the plural form a numeric count takes in the language', () => {
    expect(translate('en_US', 'errors.tryAgainLater', { count: 1 })).toBe(
      'Too many failed attempts. Try again in 1 second.',
    );
    expect(translate('en_US', 'errors.tryAgainLater', { count: 30 })).toBe(
      'Too many failed attempts. Try again in 30 seconds.',
    );
    const russian = (count: number) => translate('ru_RU', 'errors.accountLocked', { count });
    expect(russian(1)).toMatch(/через 1 минуту\.$/);
    expect(russian(3)).toMatch(/через 3 минуты\.$/);
    expect(russian(5)).toMatch(/через 5 минут\.$/);
    expect(russian(21)).toMatch(/через 21 минуту\.$/);
    const czech = (count: number) => translate('cs_CZ', 'errors.accountLocked', { count });
    expect(czech(1)).toMatch(/za 1 minutu\.$/);
    expect(czech(4)).toMatch(/za 4 minuty\.$/);
    expect(czech(10)).toMatch(/za 10 minut\.$/);
    expect(translate('ja_JP', 'errors.tryAgainLater', { count: 1 })).toContain('1秒後');
  });

  it('falls back to English, then to the key itself', () => {
    expect(translate('de_DE', 'no.such.message')).toBe('no.such.message');
  });
});
