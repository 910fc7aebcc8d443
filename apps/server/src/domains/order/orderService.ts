import {
  type Locale,
  ORDER_PAYMENT_MINUTES,
  type OrderItem,
  OrderStatus,
  REFUND_WINDOW_DAYS,
  ServiceType,
} from '@smartlock/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { ApiError } from '../../http/apiError';
import { pageOf } from '../../http/paging';
import type { Brand } from '../company/brands';
import type { PaymentProviders } from '../payment/paymentProviders';
import type { OrderRequest, PriceList } from '../service/priceList';
import { balancesOf } from '../service/serviceQueries';
import { requireLockOwner } from '../vip/advancedFunction';
import { restore, reverse } from './orderFulfilment';
import { newOrderNo } from './orderNumber';
import type { OrderPayments } from './orderPayments';
import { describeOrder, paymentResultOf, presentOrder } from './orderPresenter';
import {
  cancelWaitingOrder,
  expireOrders,
  findOwnOrder,
  insertOrder,
  lockOrder,
  markRefunded,
  type OrderRow,
  orderPage,
  setCheckout,
  undoRefund,
} from './orderQueries';

export interface OrderCaller {
  userId: number;
  locale: Locale;
  brand: Brand;
  /** The console's origin the payer came from: the checkout sends them back there. */
  origin: string;
}

const DAY = 86_400_000;

/** Where a checkout returns the payer: the purchase records, showing the order's result. */
export function returnUrlOf(origin: string, orderNo: string): string {
  return `${origin}/account/record?orderNo=${encodeURIComponent(orderNo)}`;
}

/**
 * Orders of paid services (docs/payments.md): priced from the price list when made, paid through
 * the payment method's provider within ORDER_PAYMENT_MINUTES, cancelled by the customer before,
 * refunded on request within REFUND_WINDOW_DAYS when unused. What payments do to orders is
 * OrderPayments'.
 */
export class OrderService {
  constructor(
    private readonly db: Db,
    private readonly prices: PriceList,
    private readonly providers: PaymentProviders,
    private readonly payments: OrderPayments,
    private readonly log: FastifyBaseLogger,
  ) {}

  async create(caller: OrderCaller, request: OrderRequest): Promise<{ order: OrderItem; checkoutUrl: string }> {
    if (!caller.brand.hasPaidFeature) throw new ApiError('paidFeaturesUnavailable');
    const provider = this.providers.forMethod(request.paymentMethod);
    if (!provider) throw new ApiError('paymentMethodUnavailable');
    const quote = this.prices.quote(request);
    if (request.serviceType === ServiceType.vip) {
      const locks = await requireLockOwner(this.db, caller.userId);
      if ((quote.lockLimit ?? 0) < locks) throw new ApiError('vipTierTooSmall', { count: quote.lockLimit ?? 0, locks });
    }
    const now = Date.now();
    const order = await insertOrder(this.db, {
      orderNo: newOrderNo(now),
      userId: caller.userId,
      packageName: caller.brand.packageName,
      serviceType: request.serviceType,
      quantity: request.quantity,
      lockLimit: quote.lockLimit,
      unitPrice: quote.unitPrice,
      amount: quote.amount,
      currency: request.currency,
      paymentMethod: request.paymentMethod,
      provider: provider.name,
      status: OrderStatus.created,
      createdAt: new Date(now),
      expiresAt: new Date(now + ORDER_PAYMENT_MINUTES * 60_000),
    });
    if (!order) throw new Error('order insert returned nothing');
    return this.checkout(caller, order);
  }

  /** A new checkout for an order still waiting for its payment. */
  async pay(caller: OrderCaller, orderNo: string): Promise<{ order: OrderItem; checkoutUrl: string }> {
    const order = await this.own(caller.userId, orderNo);
    if (order.status !== OrderStatus.created) throw new ApiError('orderStateConflict');
    return this.checkout(caller, order);
  }

  async cancel(userId: number, locale: Locale, orderNo: string): Promise<OrderItem> {
    const order = await this.own(userId, orderNo);
    const cancelled = await cancelWaitingOrder(this.db, order.id);
    if (!cancelled) throw new ApiError('orderStateConflict');
    // The checkout stops taking payment; if it cannot be closed, a late payment is given back anyway.
    const provider = this.providers.named(cancelled.provider);
    if (provider && cancelled.providerRef) {
      await provider
        .cancelCheckout({ orderNo, providerRef: cancelled.providerRef })
        .catch((err) => this.log.warn({ err, orderNo }, 'the checkout could not be closed'));
    }
    await this.payments.tell(userId, orderNo);
    return this.present(cancelled, locale);
  }

  /**
   * The customer's refund: within the window and unused, what the order gave is taken back and
   * the order marked refunded in one transaction; then the provider gives the money back. When it
   * refuses, the order and what it gave are as they were.
   */
  async refund(userId: number, locale: Locale, orderNo: string): Promise<OrderItem> {
    await this.own(userId, orderNo);
    const { order, taken } = await this.db.transaction(async (tx) => {
      const row = await lockOrder(tx, orderNo);
      if (!row || row.status !== OrderStatus.paid || !row.paidAt) throw new ApiError('orderStateConflict');
      if (Date.now() - row.paidAt.getTime() >= REFUND_WINDOW_DAYS * DAY) {
        throw new ApiError('refundWindowPassed', { count: REFUND_WINDOW_DAYS });
      }
      const reversed = await reverse(tx, row, true);
      await markRefunded(tx, row.id, { reason: 'customer', reversed });
      return { order: row, taken: reversed };
    });
    const provider = this.providers.named(order.provider);
    try {
      if (!provider || !order.providerRef) throw new Error(`no provider ${order.provider} for the refund`);
      await provider.refund({
        orderNo,
        providerRef: order.providerRef,
        amount: order.amount,
        currency: order.currency,
      });
    } catch (error) {
      this.log.error({ err: error, orderNo }, 'the provider refused the refund; the order stays paid');
      await this.db.transaction(async (tx) => {
        await restore(tx, order, taken);
        await undoRefund(tx, order.id);
      });
      throw new ApiError('operationFailed', {}, 'refund refused by the payment provider');
    }
    await this.payments.tell(userId, orderNo);
    return this.present(await this.own(userId, orderNo), locale);
  }

  async list(userId: number, locale: Locale, query: { pageNo: number; pageSize: number; status?: number | undefined }) {
    await this.expireOverdue(userId);
    const [{ rows, total }, balances] = await Promise.all([
      orderPage(this.db, userId, query),
      balancesOf(this.db, userId),
    ]);
    return pageOf(
      rows.map((row) => presentOrder(row, locale, balances.get(row.serviceType) ?? 0)),
      total,
      query.pageNo,
      query.pageSize,
    );
  }

  async detail(userId: number, locale: Locale, orderNo: string) {
    const order = await this.own(userId, orderNo);
    return { order: await this.present(order, locale), result: paymentResultOf(order) };
  }

  /**
   * Marks orders whose payment time has run out as overdue (all of them, or one account's);
   * answers them so their consoles can be told.
   */
  async expireOverdue(userId?: number): Promise<{ userId: number; orderNo: string }[]> {
    const expired = await expireOrders(this.db, userId);
    for (const order of expired) await this.payments.tell(order.userId, order.orderNo);
    return expired;
  }

  /** One of the account's orders (another account's is as unknown as one that does not exist). */
  private async own(userId: number, orderNo: string): Promise<OrderRow> {
    await this.expireOverdue(userId);
    const order = await findOwnOrder(this.db, userId, orderNo);
    if (!order) throw new ApiError('orderNotFound');
    return order;
  }

  private async checkout(caller: OrderCaller, order: OrderRow): Promise<{ order: OrderItem; checkoutUrl: string }> {
    const provider = this.providers.forMethod(order.paymentMethod);
    if (!provider || provider.name !== order.provider) throw new ApiError('paymentMethodUnavailable');
    let checkout: Awaited<ReturnType<typeof provider.createCheckout>>;
    try {
      checkout = await provider.createCheckout({
        orderNo: order.orderNo,
        amount: order.amount,
        currency: order.currency,
        method: order.paymentMethod,
        description: describeOrder(order, caller.locale),
        merchant: caller.brand.name,
        expiresAt: order.expiresAt,
        returnUrl: returnUrlOf(caller.origin, order.orderNo),
        locale: caller.locale,
      });
    } catch (error) {
      this.log.error({ err: error, orderNo: order.orderNo, provider: provider.name }, 'checkout could not be made');
      throw new ApiError('paymentFailed');
    }
    const updated = await setCheckout(this.db, order.id, checkout.providerRef);
    return { order: await this.present(updated ?? order, caller.locale), checkoutUrl: checkout.url };
  }

  private async present(order: OrderRow, locale: Locale): Promise<OrderItem> {
    const balances = await balancesOf(this.db, order.userId);
    return presentOrder(order, locale, balances.get(order.serviceType) ?? 0);
  }
}
