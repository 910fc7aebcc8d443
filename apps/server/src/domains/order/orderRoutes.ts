import { order } from '@smartlock/contract';
import type { CallContext } from '../../http/context';
import { requireSession } from '../../http/context';
import { originOf } from '../../http/origin';
import { type Route, route } from '../../http/router';
import type { OrderCaller, OrderService } from './orderService';

function callerOf(ctx: CallContext): OrderCaller {
  return { userId: requireSession(ctx).userId, locale: ctx.locale, brand: ctx.brand, origin: originOf(ctx) };
}

/** The order calls (docs/payments.md): buy, pay, cancel, refund and the purchase records. */
export function orderRoutes(orders: OrderService): Route[] {
  return [
    route(order.create, async (params, ctx) => orders.create(callerOf(ctx), params)),
    route(order.pay, async (params, ctx) => orders.pay(callerOf(ctx), params.orderNo)),
    route(order.cancel, async (params, ctx) => orders.cancel(requireSession(ctx).userId, ctx.locale, params.orderNo)),
    route(order.refund, async (params, ctx) => orders.refund(requireSession(ctx).userId, ctx.locale, params.orderNo)),
    route(order.list, async (params, ctx) => orders.list(requireSession(ctx).userId, ctx.locale, params)),
    route(order.detail, async (params, ctx) => orders.detail(requireSession(ctx).userId, ctx.locale, params.orderNo)),
  ];
}
