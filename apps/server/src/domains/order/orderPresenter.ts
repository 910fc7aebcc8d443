import {
  type Locale,
  nameOf,
  type OrderItem,
  OrderStatus,
  PaymentResult,
  REFUND_WINDOW_DAYS,
  ServiceType,
} from '@smartlock/contract';
import { translate } from '../../i18n';
import type { OrderRow } from './orderQueries';

const DAY = 86_400_000;

/** What an order bought, in a language: "SMS × 500", "Advanced function for up to 10 locks, years: 1". */
export function describeOrder(order: Pick<OrderRow, 'serviceType' | 'quantity' | 'lockLimit'>, locale: Locale): string {
  if (order.serviceType === ServiceType.vip) {
    return translate(locale, 'commerce.vipItem', { count: order.lockLimit ?? 0, years: order.quantity });
  }
  const service = nameOf(ServiceType, order.serviceType as never) ?? 'sms';
  return translate(locale, 'commerce.packageItem', {
    service: translate(locale, `commerce.service.${service}`),
    count: order.quantity,
  });
}

/**
 * Whether the customer may have the order refunded now: paid within REFUND_WINDOW_DAYS, and (a
 * package) all of its units still held.
 */
export function refundableNow(order: OrderRow, unitsHeld: number, now = Date.now()): boolean {
  if (order.status !== OrderStatus.paid || !order.paidAt) return false;
  if (now - order.paidAt.getTime() >= REFUND_WINDOW_DAYS * DAY) return false;
  return order.serviceType === ServiceType.vip || unitsHeld >= order.quantity;
}

export function presentOrder(order: OrderRow, locale: Locale, unitsHeld: number): OrderItem {
  return {
    orderNo: order.orderNo,
    serviceType: order.serviceType,
    quantity: order.quantity,
    lockLimit: order.lockLimit,
    description: describeOrder(order, locale),
    unitPrice: order.unitPrice,
    amount: order.amount,
    currency: order.currency,
    paymentMethod: order.paymentMethod,
    status: order.status,
    paymentDeclined: order.status === OrderStatus.created && order.declinedAt !== null,
    createdAt: order.createdAt.getTime(),
    expiresAt: order.expiresAt.getTime(),
    paidAt: order.paidAt?.getTime() ?? null,
    cancelledAt: order.cancelledAt?.getTime() ?? null,
    refundedAt: order.refundedAt?.getTime() ?? null,
    refundable: refundableNow(order, unitsHeld),
  };
}

/** The payment result to show after a checkout (spec section 4). */
export function paymentResultOf(order: OrderRow): (typeof PaymentResult)[keyof typeof PaymentResult] {
  if (order.status === OrderStatus.paid) return PaymentResult.success;
  if (order.status === OrderStatus.cancelled) return PaymentResult.cancelled;
  if (order.status === OrderStatus.created && order.declinedAt) return PaymentResult.failed;
  return PaymentResult.orderNotPaid;
}
