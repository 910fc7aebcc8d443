import {
  Currency,
  type DataOf,
  PaymentMethod,
  ServiceType,
  type service,
  UNIT_SERVICES,
  type UnitService,
  VIP_MAX_YEARS,
} from '@smartlock/contract';
import { z } from 'zod';
import { ApiError } from '../../http/apiError';
import { WatchedJsonFile } from '../../watchedFile';

type CurrencyName = keyof typeof Currency;
type MethodName = keyof typeof PaymentMethod;

/** The largest amount an order may have (minor units): what the database column holds. */
export const MAX_AMOUNT = 2_147_483_647;

const minor = z.number().int().min(1).max(100_000_000);
const amounts = z
  .object({ rmb: minor.optional(), dollar: minor.optional() })
  .strict()
  .refine((a) => a.rmb !== undefined || a.dollar !== undefined, 'a price in at least one currency');

const fileSchema = z
  .object({
    services: z.partialRecord(
      z.enum(UNIT_SERVICES),
      z
        .object({
          unitPrice: amounts,
          packages: z.array(z.number().int().min(1).max(1_000_000)).min(1).max(20),
        })
        .strict(),
    ),
    vip: z
      .object({
        maxYears: z.number().int().min(1).max(VIP_MAX_YEARS),
        tiers: z.array(z.object({ locks: z.number().int().min(1).max(1_000_000), yearPrice: amounts }).strict()).min(1),
      })
      .strict(),
    paymentMethods: z.partialRecord(
      z.enum(Object.keys(PaymentMethod) as [MethodName, ...MethodName[]]),
      z.array(z.enum(Object.keys(Currency) as [CurrencyName, ...CurrencyName[]])).min(1),
    ),
  })
  .strict()
  .superRefine((file, ctx) => {
    for (const [name, offer] of Object.entries(file.services)) {
      for (const [currency, unit] of Object.entries(offer?.unitPrice ?? {})) {
        if ((unit ?? 0) * Math.max(...(offer?.packages ?? [0])) > MAX_AMOUNT) {
          ctx.addIssue({
            code: 'custom',
            path: ['services', name],
            message: `a package costs too much in ${currency}`,
          });
        }
      }
    }
    for (const tier of file.vip.tiers) {
      for (const year of Object.values(tier.yearPrice)) {
        if ((year ?? 0) * file.vip.maxYears > MAX_AMOUNT) {
          ctx.addIssue({ code: 'custom', path: ['vip', 'tiers'], message: 'a plan costs too much' });
        }
      }
    }
    if (new Set(file.vip.tiers.map((t) => t.locks)).size !== file.vip.tiers.length) {
      ctx.addIssue({ code: 'custom', path: ['vip', 'tiers'], message: 'two plans for the same number of locks' });
    }
  });

type PriceFile = z.infer<typeof fileSchema>;
export type PriceListReply = DataOf<typeof service.getPriceList>;

/** What an order costs: fixed when it is made. */
export interface Quote {
  unitPrice: number;
  amount: number;
  lockLimit: number | null;
}

export interface OrderRequest {
  serviceType: number;
  quantity: number;
  lockLimit?: number | undefined;
  currency: number;
  paymentMethod: number;
}

const SERVICE_NAME: Record<number, UnitService> = {
  [ServiceType.sms]: 'sms',
  [ServiceType.email]: 'email',
  [ServiceType.faceIdentify]: 'faceIdentify',
  [ServiceType.fingerprint]: 'fingerprint',
};
const currencyName = (value: number) =>
  (Object.keys(Currency) as CurrencyName[]).find((name) => Currency[name] === value);
const methodName = (value: number) =>
  (Object.keys(PaymentMethod) as MethodName[]).find((name) => PaymentMethod[name] === value);
const pricesOf = (a: z.infer<typeof amounts>) =>
  (Object.keys(a) as CurrencyName[]).flatMap((name) => {
    const amount = a[name];
    return amount === undefined ? [] : [{ currency: Currency[name], amount }];
  });

/**
 * The operator's price list (PRICES_FILE, apps/server/prices.json by default; docs/payments.md):
 * unit prices and packages of the unit services, the advanced function's yearly price per plan
 * (a number of locks), and the currencies each payment method takes. Read again when edited;
 * an order keeps the price it was made at.
 */
export class PriceList {
  private readonly source: WatchedJsonFile<PriceFile>;

  constructor(file: string) {
    this.source = new WatchedJsonFile(file, fileSchema as z.ZodType<PriceFile, unknown>, 'Price list');
  }

  /**
   * The list as the services page shows it, with the payment methods some provider takes;
   * RMB first in mainland China, else dollars.
   */
  reply(countryId: string, available: boolean, methodsTaken: readonly number[]): PriceListReply {
    const file = this.source.current;
    const methods = (Object.keys(file.paymentMethods) as MethodName[])
      .filter((name) => methodsTaken.includes(PaymentMethod[name]))
      .map((name) => ({
        method: PaymentMethod[name],
        currencies: (file.paymentMethods[name] ?? []).map((c) => Currency[c]),
      }));
    const currencies = [...new Set(methods.flatMap((m) => m.currencies))].sort((a, b) => a - b);
    const preferred = countryId === 'CN' ? Currency.rmb : Currency.dollar;
    return {
      available,
      defaultCurrency: currencies.includes(preferred) ? preferred : (currencies[0] ?? preferred),
      currencies,
      paymentMethods: methods,
      services: UNIT_SERVICES.flatMap((name) => {
        const offer = file.services[name];
        return offer
          ? [{ serviceType: ServiceType[name], unitPrices: pricesOf(offer.unitPrice), packages: [...offer.packages] }]
          : [];
      }),
      vipTiers: [...file.vip.tiers]
        .sort((a, b) => a.locks - b.locks)
        .map((tier) => ({ locks: tier.locks, yearPrices: pricesOf(tier.yearPrice) })),
      vipMaxYears: file.vip.maxYears,
    };
  }

  /**
   * The price of an order: an offered package of a unit service, or the advanced function for
   * an offered plan and 1 to maxYears years, in a currency the payment method takes.
   */
  quote(request: OrderRequest): Quote {
    const file = this.source.current;
    const currency = currencyName(request.currency);
    const method = methodName(request.paymentMethod);
    const takes = method ? (file.paymentMethods[method] ?? []) : [];
    if (!currency || !takes.includes(currency)) throw new ApiError('paymentMethodUnavailable');
    if (request.serviceType === ServiceType.vip) {
      const tier = file.vip.tiers.find((t) => t.locks === request.lockLimit);
      const year = tier?.yearPrice[currency];
      if (!tier || year === undefined || request.quantity > file.vip.maxYears) {
        throw new ApiError('packageNotOffered');
      }
      return { unitPrice: year, amount: year * request.quantity, lockLimit: tier.locks };
    }
    const name = SERVICE_NAME[request.serviceType];
    const offer = name ? file.services[name] : undefined;
    const unit = offer?.unitPrice[currency];
    if (!offer || unit === undefined || !offer.packages.includes(request.quantity) || request.lockLimit !== undefined) {
      throw new ApiError('packageNotOffered');
    }
    return { unitPrice: unit, amount: unit * request.quantity, lockLimit: null };
  }
}
