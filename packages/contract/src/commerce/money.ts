import { Currency } from '../enums/commerce';
import type { ValueOf } from '../enums/define';

/** ISO 4217 codes of the spec's currencies (1 RMB, 2 dollar). */
export const CURRENCY_CODE: Record<ValueOf<typeof Currency>, 'CNY' | 'USD'> = {
  [Currency.rmb]: 'CNY',
  [Currency.dollar]: 'USD',
};

/** Amounts travel in minor units (fen, cents): 100 per major unit for both currencies. */
export const MINOR_UNITS = 100;

/**
 * An amount in minor units as the locale writes money ("$12.50", "12,50 US$", "¥12.50"). A
 * unit price below one cent keeps the digits it needs.
 */
export function moneyText(minor: number, currency: number, locale: string): string {
  const code = CURRENCY_CODE[currency as ValueOf<typeof Currency>];
  if (!code) throw new Error(`unknown currency ${currency}`);
  return new Intl.NumberFormat(locale.replace('_', '-'), {
    style: 'currency',
    currency: code,
    minimumFractionDigits: 2,
    maximumFractionDigits: 4,
  }).format(minor / MINOR_UNITS);
}
