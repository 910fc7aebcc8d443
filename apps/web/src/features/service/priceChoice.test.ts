import { Currency, PaymentMethod, ServiceType } from '@smartlock/contract';
import { describe, expect, it } from 'vitest';
import { currencyFor, methodName, methodsFor, planChoices, priceIn, proposedPlan, serviceName } from './priceChoice';
import type { PriceList } from './serviceQueries';

const LIST: PriceList = {
  available: true,
  defaultCurrency: Currency.dollar,
  currencies: [Currency.rmb, Currency.dollar],
  paymentMethods: [
    { method: PaymentMethod.mobilePay, currencies: [Currency.rmb] },
    { method: PaymentMethod.international, currencies: [Currency.dollar, Currency.rmb] },
  ],
  services: [
    {
      serviceType: ServiceType.sms,
      unitPrices: [
        { currency: Currency.rmb, amount: 10 },
        { currency: Currency.dollar, amount: 2 },
      ],
      packages: [100, 500],
    },
  ],
  vipTiers: [
    { locks: 10, yearPrices: [{ currency: Currency.dollar, amount: 2900 }] },
    {
      locks: 50,
      yearPrices: [
        { currency: Currency.dollar, amount: 9900 },
        { currency: Currency.rmb, amount: 69800 },
      ],
    },
  ],
  vipMaxYears: 3,
};

describe('choosing what to buy', () => {
  it('names services and methods for the translations', () => {
    expect(serviceName(ServiceType.faceIdentify)).toBe('commerce.service.faceIdentify');
    expect(serviceName(ServiceType.vip)).toBe('commerce.service.vip');
    expect(methodName(PaymentMethod.socialWallet)).toBe('commerce.method.socialWallet');
  });
  it('finds the price in a currency, and the methods that take it', () => {
    expect(priceIn(LIST.services[0]?.unitPrices ?? [], Currency.rmb)).toBe(10);
    expect(priceIn([], Currency.rmb)).toBeUndefined();
    expect(methodsFor(LIST, Currency.dollar)).toEqual([PaymentMethod.international]);
    expect(methodsFor(LIST, Currency.rmb)).toEqual([PaymentMethod.mobilePay, PaymentMethod.international]);
  });
  it('keeps the currency when the new method takes it, else takes the method’s first', () => {
    expect(currencyFor(LIST, PaymentMethod.international, Currency.rmb)).toBe(Currency.rmb);
    expect(currencyFor(LIST, PaymentMethod.mobilePay, Currency.dollar)).toBe(Currency.rmb);
  });
  it('offers the plans priced in the currency and proposes the smallest that covers the locks', () => {
    expect(planChoices(LIST, Currency.rmb, 3)).toEqual([{ locks: 50, yearPrice: 69800, covers: true }]);
    const plans = planChoices(LIST, Currency.dollar, 12);
    expect(plans.map((p) => p.covers)).toEqual([false, true]);
    expect(proposedPlan(plans)).toBe(50);
    expect(proposedPlan(planChoices(LIST, Currency.dollar, 80))).toBe(50);
    expect(proposedPlan([])).toBeUndefined();
  });
});
