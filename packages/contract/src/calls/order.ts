import { z } from 'zod';
import { Currency, OrderStatus, PaymentMethod, PaymentResult, ServiceType } from '../enums/commerce';
import { valuesOf } from '../enums/define';
import { pageSchema } from '../envelope';
import { defineCall } from './define';
import { intField, oneOf, pageParams } from './fields';

/** An order number as the server writes it. */
export const orderNoField = z
  .string()
  .trim()
  .regex(/^SL[0-9A-Z]{10,30}$/);

export const orderItem = z.object({
  orderNo: z.string(),
  /** ServiceType: 1 SMS, 3 face identification, 4 email, 5 fingerprint, 99 the advanced function. */
  serviceType: z.number().int(),
  /** Units of a package, or years of the advanced function. */
  quantity: z.number().int(),
  /** The advanced function plan's lock count; null for a package. */
  lockLimit: z.number().int().nullable(),
  /** What was bought, in the caller's language. */
  description: z.string(),
  /** Minor units: a unit's price (a year's for the advanced function) and the total. */
  unitPrice: z.number().int(),
  amount: z.number().int(),
  currency: z.number().int(),
  paymentMethod: z.number().int(),
  /** OrderStatus: 1 created, 2 paid, 3 overdue, 4 cancelled, 5 refunded. */
  status: z.number().int(),
  /** Set when the last payment attempt was declined (the order still waits for payment). */
  paymentDeclined: z.boolean(),
  createdAt: z.number(),
  /** When a created order stops waiting for its payment. */
  expiresAt: z.number(),
  paidAt: z.number().nullable(),
  cancelledAt: z.number().nullable(),
  refundedAt: z.number().nullable(),
  /** Whether /order/refund would be taken now. */
  refundable: z.boolean(),
});
export type OrderItem = z.infer<typeof orderItem>;

const checkout = z.object({
  order: orderItem,
  /** Where the payer goes to pay (the provider's hosted checkout page). */
  checkoutUrl: z.string(),
});

export const create = defineCall({
  path: '/order/create',
  method: 'POST',
  auth: 'session',
  summary:
    'Order a package of a unit service (quantity: one of its packages) or the advanced function (serviceType 99, quantity: years, lockLimit: a plan covering at least the locks the caller owns; owners only), priced from the price list in a currency the payment method takes. Answers the order, created and waiting 30 minutes for its payment, and the checkout page to pay it on.',
  params: z.object({
    serviceType: oneOf([
      ServiceType.sms,
      ServiceType.email,
      ServiceType.faceIdentify,
      ServiceType.fingerprint,
      ServiceType.vip,
    ]),
    quantity: intField.pipe(z.number().int().min(1).max(1_000_000)),
    lockLimit: intField.pipe(z.number().int().min(1).max(1_000_000)).optional(),
    currency: oneOf(valuesOf(Currency)),
    paymentMethod: oneOf(valuesOf(PaymentMethod)),
  }),
  data: checkout,
});

export const list = defineCall({
  path: '/order/list',
  method: 'GET',
  auth: 'session',
  summary: "The caller's orders (purchase records), newest first; optionally of one status.",
  params: z.object({ ...pageParams, status: oneOf(valuesOf(OrderStatus)).optional() }),
  data: pageSchema(orderItem),
});

export const detail = defineCall({
  path: '/order/detail',
  method: 'GET',
  auth: 'session',
  summary:
    'One of the caller\'s orders and the payment result to show after a checkout: "success" (paid), "failed" (the last attempt was declined), "cancelled", or "orderNotPaid" (still waiting, overdue or refunded).',
  params: z.object({ orderNo: orderNoField }),
  data: z.object({ order: orderItem, result: z.enum(valuesOf(PaymentResult) as [string, ...string[]]) }),
});

export const pay = defineCall({
  path: '/order/pay',
  method: 'POST',
  auth: 'session',
  summary:
    'The checkout page of an order still waiting for its payment (to pay again after a decline or a closed window).',
  params: z.object({ orderNo: orderNoField }),
  data: checkout,
});

export const cancel = defineCall({
  path: '/order/cancel',
  method: 'POST',
  auth: 'session',
  summary: 'Cancel an order that waits for its payment.',
  params: z.object({ orderNo: orderNoField }),
  data: orderItem,
});

export const refund = defineCall({
  path: '/order/refund',
  method: 'POST',
  auth: 'session',
  summary:
    "Refund a paid order within 7 days of its payment when nothing of it was used: its units are taken back (or the advanced function's years), then the payment provider refunds the money.",
  params: z.object({ orderNo: orderNoField }),
  data: orderItem,
});
