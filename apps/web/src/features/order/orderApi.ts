import type { CallParams } from '@smartlock/contract/client';
import { order } from '@smartlock/contract/refs';
import type { ApiClient } from '../../api/client';

/*
 * Orders are made, paid, cancelled and refunded by plain calls: paying opens the payment window in
 * the click that asks to pay, and the payment flow and the purchase records refresh the balances
 * and orders themselves once a call returns.
 */

/** Makes an order of a value-added service; resolves to its checkout. */
export const createOrder = (api: ApiClient, params: CallParams<typeof order.create>) => api.call(order.create, params);
/** A new checkout for an unpaid order. */
export const payOrder = (api: ApiClient, orderNo: string) => api.call(order.pay, { orderNo });
export const cancelOrder = (api: ApiClient, orderNo: string) => api.call(order.cancel, { orderNo });
export const refundOrder = (api: ApiClient, orderNo: string) => api.call(order.refund, { orderNo });
