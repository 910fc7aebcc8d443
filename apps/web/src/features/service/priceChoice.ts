import { Currency, type PaymentMethod, ServiceType } from '@smartlock/contract';
import type { PriceList } from './serviceQueries';

type Price = { currency: number; amount: number };

/** The i18n name of a service type (commerce.service.*). */
export function serviceName(serviceType: number): string {
  const name = (Object.keys(ServiceType) as (keyof typeof ServiceType)[]).find(
    (key) => ServiceType[key] === serviceType,
  );
  return `commerce.service.${name ?? 'sms'}`;
}

/** The i18n name of a payment method (commerce.method.*). */
export function methodName(method: number): string {
  const names: Record<number, string> = { 1: 'mobilePay', 2: 'socialWallet', 3: 'international' };
  return `commerce.method.${names[method] ?? 'international'}`;
}

export function currencyName(currency: number): string {
  return currency === Currency.rmb ? 'commerce.currency.rmb' : 'commerce.currency.dollar';
}

/** A price in a currency, if the list has one. */
export function priceIn(prices: readonly Price[], currency: number): number | undefined {
  return prices.find((price) => price.currency === currency)?.amount;
}

/** The payment methods that take a currency. */
export function methodsFor(list: PriceList, currency: number): (typeof PaymentMethod)[keyof typeof PaymentMethod][] {
  return list.paymentMethods
    .filter((m) => m.currencies.includes(currency))
    .map((m) => m.method as (typeof PaymentMethod)[keyof typeof PaymentMethod]);
}

/** A currency choice after a change: kept when the method still takes it, else the method's first. */
export function currencyFor(list: PriceList, method: number, wanted: number): number {
  const takes = list.paymentMethods.find((m) => m.method === method)?.currencies ?? [];
  return takes.includes(wanted) ? wanted : (takes[0] ?? wanted);
}

/** The advanced function's plans, each with its year price and whether it covers the locks owned. */
export function planChoices(list: PriceList, currency: number, ownedLocks: number) {
  return list.vipTiers.flatMap((tier) => {
    const yearPrice = priceIn(tier.yearPrices, currency);
    return yearPrice === undefined ? [] : [{ locks: tier.locks, yearPrice, covers: tier.locks >= ownedLocks }];
  });
}

/** The plan to propose: the smallest that covers the locks owned (the largest if none does). */
export function proposedPlan(plans: readonly { locks: number; covers: boolean }[]): number | undefined {
  return plans.find((plan) => plan.covers)?.locks ?? plans.at(-1)?.locks;
}
