import { OrderStatus } from '@smartlock/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { LiveHub } from '../../live/liveHub';
import type { PaymentEvent, PaymentProvider } from '../payment/paymentProvider';
import { fulfil, reverse } from './orderFulfilment';
import {
  cancelWaitingOrder,
  findOwnOrder,
  lockOrder,
  markDeclined,
  markPaid,
  markRefunded,
  type OrderRow,
  recordPaymentEvent,
} from './orderQueries';

/** What became of a notification. */
export type ApplyOutcome = 'applied' | 'duplicate' | 'ignored' | 'mismatch' | 'unknownOrder' | 'refundedLate';

interface Applied {
  outcome: ApplyOutcome;
  order?: OrderRow;
  /** A payment the order could not take (late, or a second one): its money goes back. */
  giveBack?: { orderNo: string; providerRef: string; amount: number; currency: number };
}

/**
 * Applies what payment providers say (docs/payments.md), each event once: the event's id is
 * stored in the transaction that applies it, so a notification delivered twice changes nothing
 * the second time. A payment is checked against the order's amount and currency. Paid: the order
 * is fulfilled (a payment made before the order expired counts, even if told later); money for an
 * order that no longer takes it is given back. Declined and cancelled concern the order's current
 * checkout only. Refunded at the provider: what is left of the purchase is taken back.
 */
export class OrderPayments {
  constructor(
    private readonly db: Db,
    private readonly live: LiveHub,
    private readonly log: FastifyBaseLogger,
  ) {}

  async apply(provider: PaymentProvider, event: PaymentEvent): Promise<ApplyOutcome> {
    const applied = await this.db.transaction(async (tx): Promise<Applied> => {
      const order = await lockOrder(tx, event.orderNo);
      if (!order || order.provider !== provider.name) return { outcome: 'unknownOrder' };
      const carriesMoney = event.kind === 'paid' || event.kind === 'refunded';
      if (carriesMoney && (event.amount !== order.amount || event.currency !== order.currency)) {
        return { outcome: 'mismatch', order };
      }
      const fresh = await recordPaymentEvent(tx, {
        provider: provider.name,
        eventId: event.eventId,
        orderId: order.id,
        kind: event.kind,
      });
      if (!fresh) return { outcome: 'duplicate', order };
      const current = event.providerRef === order.providerRef;

      switch (event.kind) {
        case 'paid': {
          const inTime =
            order.status === OrderStatus.created ||
            (order.status === OrderStatus.overdue && event.at <= order.expiresAt.getTime());
          // The same payment told again (another notification of it): nothing new.
          if (current && (order.status === OrderStatus.paid || order.status === OrderStatus.refunded)) {
            return { outcome: 'ignored', order };
          }
          if (inTime) {
            await markPaid(tx, order.id, new Date(event.at), event.providerRef);
            await fulfil(tx, order);
            return { outcome: 'applied', order };
          }
          const giveBack = {
            orderNo: order.orderNo,
            providerRef: event.providerRef,
            amount: event.amount,
            currency: event.currency,
          };
          if (order.status === OrderStatus.overdue || order.status === OrderStatus.cancelled) {
            await markRefunded(tx, order.id, { reason: 'late', reversed: 0, providerRef: event.providerRef });
          }
          return { outcome: 'refundedLate', order, giveBack };
        }
        case 'declined':
          if (order.status !== OrderStatus.created || !current) return { outcome: 'ignored', order };
          await markDeclined(tx, order.id, new Date(event.at));
          return { outcome: 'applied', order };
        case 'cancelled':
          if (order.status !== OrderStatus.created || !current) return { outcome: 'ignored', order };
          // The order is held and still waiting (checked above): it is cancelled.
          await cancelWaitingOrder(tx, order.id, new Date(event.at));
          return { outcome: 'applied', order };
        case 'refunded': {
          if (order.status !== OrderStatus.paid || !current) return { outcome: 'ignored', order };
          const taken = await reverse(tx, order, false);
          await markRefunded(tx, order.id, { reason: 'provider', reversed: taken, at: new Date(event.at) });
          return { outcome: 'applied', order };
        }
      }
    });

    const context = { provider: provider.name, eventId: event.eventId, kind: event.kind, orderNo: event.orderNo };
    if (applied.outcome === 'mismatch') {
      this.log.error(
        { ...context, amount: event.amount, currency: event.currency },
        'payment does not match its order',
      );
    } else {
      this.log.info({ ...context, outcome: applied.outcome }, 'payment notification');
    }
    if (applied.giveBack) {
      await provider
        .refund(applied.giveBack)
        .catch((err) =>
          this.log.error(
            { ...context, err },
            'a payment the order could not take was not given back; refund it at the provider',
          ),
        );
    }
    if (applied.order && (applied.outcome === 'applied' || applied.outcome === 'refundedLate')) {
      await this.tell(applied.order.userId, applied.order.orderNo);
    }
    return applied.outcome;
  }

  /** Tells the account's open consoles that an order and its balances changed. */
  async tell(userId: number, orderNo: string): Promise<void> {
    const order = await findOwnOrder(this.db, userId, orderNo);
    await this.live.publish(userId, 'order', { orderNo, status: order?.status ?? 0 });
    await this.live.publish(userId, 'balance', {});
  }
}
