import { describe, expect, it } from 'vitest';
import { Currency } from '../enums/commerce';
import { moneyText } from './money';

describe('money as the reader writes it', () => {
  it('writes minor units as dollars and yuan in each language', () => {
    expect(moneyText(1250, Currency.dollar, 'en_US')).toBe('$12.50');
    expect(moneyText(1250, Currency.rmb, 'zh_CN')).toBe('¥12.50');
    expect(moneyText(1250, Currency.dollar, 'de_DE')).toMatch(/^12,50\s\$$/);
    expect(moneyText(2, Currency.dollar, 'en_US')).toBe('$0.02');
  });
  it('refuses a currency the spec does not have', () => {
    expect(() => moneyText(1, 3, 'en_US')).toThrow(/currency/);
  });
});
