import { OrderStatus, PaymentResult } from '@smartlock/contract';
import { describe, expect, it } from 'vitest';
import { awaitingPayment, orderStatusTag, resultView } from './paymentResult';

describe('payment results as the payer sees them', () => {
  it('tells success, failure, cancellation and an unpaid order apart with the catalogue’s words', () => {
    expect(resultView(PaymentResult.success)).toEqual({ status: 'success', message: 'order.result.success' });
    expect(resultView(PaymentResult.failed)).toEqual({ status: 'error', message: 'errors.paymentFailed' });
    expect(resultView(PaymentResult.cancelled)).toEqual({ status: 'warning', message: 'errors.paymentCancelled' });
    expect(resultView(PaymentResult.orderNotPaid)).toEqual({ status: 'info', message: 'errors.orderNotPaid' });
  });
  it('waits for a payment only while the order is created', () => {
    expect(awaitingPayment({ status: OrderStatus.created })).toBe(true);
    for (const status of [OrderStatus.paid, OrderStatus.overdue, OrderStatus.cancelled, OrderStatus.refunded]) {
      expect(awaitingPayment({ status })).toBe(false);
    }
  });
  it('names and colours every order status', () => {
    expect(orderStatusTag(OrderStatus.paid)).toEqual({ key: 'commerce.orderStatus.paid', color: 'success' });
    expect(orderStatusTag(OrderStatus.refunded).key).toBe('commerce.orderStatus.refunded');
    expect(orderStatusTag(OrderStatus.overdue).key).toBe('commerce.orderStatus.overdue');
  });
});
