import { mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Currency, PaymentMethod, ServiceType } from '@smartlock/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../http/apiError';
import { serverRoot } from '../../paths';
import { PriceList } from './priceList';

const SHIPPED = JSON.parse(readFileSync(join(serverRoot(), 'prices.json'), 'utf8'));
const ALL_METHODS = Object.values(PaymentMethod);

function listFile(content: unknown): string {
  const file = join(mkdtempSync(join(tmpdir(), 'prices-')), 'prices.json');
  writeFileSync(file, JSON.stringify(content));
  return file;
}

const errorOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof ApiError ? error.errorName : String(error);
  }
  return undefined;
};

describe('the price list', () => {
  const prices = new PriceList(listFile(SHIPPED));

  it('prices a package at its unit price, and a plan per year', () => {
    const sms = {
      serviceType: ServiceType.sms,
      quantity: 500,
      currency: Currency.rmb,
      paymentMethod: PaymentMethod.mobilePay,
    };
    expect(prices.quote(sms)).toEqual({ unitPrice: 10, amount: 5000, lockLimit: null });
    expect(
      prices.quote({
        serviceType: ServiceType.vip,
        quantity: 3,
        lockLimit: 50,
        currency: Currency.dollar,
        paymentMethod: PaymentMethod.international,
      }),
    ).toEqual({ unitPrice: 9900, amount: 29700, lockLimit: 50 });
  });

  it('refuses what it does not offer and a currency the method does not take', () => {
    const base = { serviceType: ServiceType.email, quantity: 100, currency: Currency.dollar, paymentMethod: 3 };
    expect(errorOf(() => prices.quote({ ...base, quantity: 101 }))).toBe('packageNotOffered');
    expect(errorOf(() => prices.quote({ ...base, paymentMethod: PaymentMethod.socialWallet }))).toBe(
      'paymentMethodUnavailable',
    );
    expect(errorOf(() => prices.quote({ ...base, currency: 9 }))).toBe('paymentMethodUnavailable');
    expect(errorOf(() => prices.quote({ ...base, serviceType: ServiceType.eContract }))).toBe('packageNotOffered');
    const vip = { ...base, serviceType: ServiceType.vip, lockLimit: 10 };
    expect(errorOf(() => prices.quote({ ...vip, quantity: 4 }))).toBe('packageNotOffered');
    expect(errorOf(() => prices.quote({ ...vip, lockLimit: 11 }))).toBe('packageNotOffered');
  });

  it('offers RMB first in mainland China, dollars elsewhere, and only methods a provider takes', () => {
    expect(prices.reply('CN', true, ALL_METHODS).defaultCurrency).toBe(Currency.rmb);
    expect(prices.reply('AU', true, ALL_METHODS).defaultCurrency).toBe(Currency.dollar);
    const onlyInternational = prices.reply('AU', true, [PaymentMethod.international]);
    expect(onlyInternational.paymentMethods.map((m) => m.method)).toEqual([PaymentMethod.international]);
    expect(prices.reply('CN', false, []).available).toBe(false);
  });

  it('refuses a broken file at start, names the problem, and keeps the last good list after a broken edit', () => {
    expect(() => new PriceList(listFile({ ...SHIPPED, services: { sms: { unitPrice: {}, packages: [1] } } }))).toThrow(
      /Price list .* is invalid: services.sms.unitPrice/,
    );
    expect(
      () =>
        new PriceList(
          listFile({ ...SHIPPED, services: { sms: { unitPrice: { dollar: 100_000_000 }, packages: [1_000_000] } } }),
        ),
    ).toThrow(/costs too much/);
    const file = listFile(SHIPPED);
    const edited = new PriceList(file);
    writeFileSync(file, '{ not json');
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    expect(edited.reply('AU', true, ALL_METHODS).services.length).toBe(4);
  });
});
