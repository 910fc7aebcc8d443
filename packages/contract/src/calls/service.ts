import { z } from 'zod';
import { defineCall } from './define';

/**
 * Value-added services (docs/payments.md): packages of units sold at a unit price per currency,
 * and the advanced function priced per year by the number of locks, from the operator's price list.
 */

/** An amount in minor units (fen, cents) of a currency (Currency: 1 RMB, 2 dollar). */
export const price = z.object({ currency: z.number().int(), amount: z.number().int() });

export const servicePrice = z.object({
  /** ServiceType: 1 SMS, 3 face identification, 4 email, 5 fingerprint. */
  serviceType: z.number().int(),
  /** The unit price in each currency offered, minor units. */
  unitPrices: z.array(price),
  /** The numbers of units sold together. */
  packages: z.array(z.number().int()),
});

export const vipTier = z.object({
  /** The most locks the plan covers. */
  locks: z.number().int(),
  /** The price of one year in each currency offered, minor units. */
  yearPrices: z.array(price),
});

export const getPriceList = defineCall({
  path: '/service/getPriceList',
  method: 'GET',
  auth: 'session',
  summary:
    'The price list: each unit service with its unit prices and packages, the advanced function plans per number of locks, the payment methods and the currencies each takes, and the currency the caller sees first (RMB in mainland China, else dollars). `available` is false on a site without paid services.',
  params: z.object({}),
  data: z.object({
    available: z.boolean(),
    defaultCurrency: z.number().int(),
    currencies: z.array(z.number().int()),
    paymentMethods: z.array(z.object({ method: z.number().int(), currencies: z.array(z.number().int()) })),
    services: z.array(servicePrice),
    vipTiers: z.array(vipTier),
    vipMaxYears: z.number().int(),
  }),
});

export const getBalance = defineCall({
  path: '/service/getBalance',
  method: 'GET',
  auth: 'session',
  summary:
    "The caller's units of each unit service (SMS, email, face identification, fingerprint issuing). Notices and credentials on a lock use its owner's units.",
  params: z.object({}),
  data: z.object({ balances: z.array(z.object({ serviceType: z.number().int(), units: z.number().int() })) }),
});
