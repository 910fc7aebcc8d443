import { OrderStatus, PaymentResult } from '@smartlock/contract';

export type PaymentResultName = (typeof PaymentResult)[keyof typeof PaymentResult];

export interface ResultView {
  /** Ant Design's Result/Alert look. */
  status: 'success' | 'error' | 'warning' | 'info';
  /** What to tell the payer (i18n key). */
  message: string;
}

/** The payment results of spec section 4 as the console shows them. */
export function resultView(result: string): ResultView {
  switch (result) {
    case PaymentResult.success:
      return { status: 'success', message: 'order.result.success' };
    case PaymentResult.failed:
      return { status: 'error', message: 'errors.paymentFailed' };
    case PaymentResult.cancelled:
      return { status: 'warning', message: 'errors.paymentCancelled' };
    default:
      return { status: 'info', message: 'errors.orderNotPaid' };
  }
}

/** Whether the payment is still being waited for (the payer may still pay this order). */
export function awaitingPayment(order: { status: number }): boolean {
  return order.status === OrderStatus.created;
}

const STATUS_COLOR: Record<number, string> = {
  [OrderStatus.created]: 'processing',
  [OrderStatus.paid]: 'success',
  [OrderStatus.overdue]: 'default',
  [OrderStatus.cancelled]: 'default',
  [OrderStatus.refunded]: 'purple',
};

const STATUS_NAME: Record<number, string> = {
  [OrderStatus.created]: 'created',
  [OrderStatus.paid]: 'paid',
  [OrderStatus.overdue]: 'overdue',
  [OrderStatus.cancelled]: 'cancelled',
  [OrderStatus.refunded]: 'refunded',
};

/** An order status's tag: its i18n key and colour. */
export function orderStatusTag(status: number): { key: string; color: string } {
  return {
    key: `commerce.orderStatus.${STATUS_NAME[status] ?? 'created'}`,
    color: STATUS_COLOR[status] ?? 'default',
  };
}
