import { randomBytes } from 'node:crypto';
import type { Db } from '../../../db/client';
import {
  type Checkout,
  type CheckoutRequest,
  type IncomingNotification,
  type NotificationAnswer,
  type PaymentEvent,
  type PaymentEventKind,
  type PaymentProvider,
  signedJson,
} from '../paymentProvider';
import type { SandboxEventBody, SandboxEventType, SandboxNotifier } from './sandboxNotifier';
import {
  cancelOpenPayment,
  findPayment,
  markPaymentDeclined,
  markPaymentPaid,
  openPayment,
  refundPaidPayment,
  type SandboxPayment,
} from './sandboxQueries';
import { SIGNATURE_HEADER, verifyNotification } from './sandboxSignature';

/** Where the sandbox's checkout pages are served. */
export const SANDBOX_CHECKOUT_PATH = '/sandbox-pay/checkout';

const KIND_OF: Record<SandboxEventType, PaymentEventKind> = {
  'payment.succeeded': 'paid',
  'payment.declined': 'declined',
  'payment.cancelled': 'cancelled',
  'refund.succeeded': 'refunded',
};

/** What the payer did on the checkout page, and how the payment answered. */
export type CheckoutAction = 'pay' | 'decline' | 'cancel';
export type CheckoutOutcome = 'paid' | 'declined' | 'cancelled' | 'expired' | 'closed';

/**
 * The built-in sandbox payment provider (docs/payments.md): a provider of its own that moves no
 * money, with its own books (sandbox_payments), a hosted checkout page where the payer pays,
 * has the payment declined or cancels, and signed notifications to the merchant's notify
 * address, sent until taken. It serves every payment method where no real provider is set up.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox';
  readonly accepted: NotificationAnswer = { status: 200, contentType: 'application/json', body: '{"received":true}' };

  constructor(
    private readonly db: Db,
    private readonly notifier: SandboxNotifier,
    private readonly key: Buffer,
  ) {}

  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    const id = `pay_${randomBytes(16).toString('hex')}`;
    await openPayment(this.db, {
      id,
      orderNo: request.orderNo,
      merchant: request.merchant,
      description: request.description,
      amount: request.amount,
      currency: request.currency,
      method: request.method,
      returnUrl: request.returnUrl,
      expiresAt: request.expiresAt,
    });
    return { url: `${SANDBOX_CHECKOUT_PATH}/${id}?lang=${request.locale}`, providerRef: id };
  }

  async readNotification(incoming: IncomingNotification): Promise<PaymentEvent | undefined> {
    const signature = incoming.headers[SIGNATURE_HEADER];
    const event = signedJson<SandboxEventBody>(incoming, (body) =>
      verifyNotification(this.key, typeof signature === 'string' ? signature : undefined, body),
    );
    const kind = KIND_OF[event.type];
    if (!kind) return undefined;
    return {
      eventId: event.id,
      kind,
      orderNo: event.data.orderNo,
      providerRef: event.data.payment,
      amount: event.data.amount,
      currency: event.data.currency,
      at: event.created,
    };
  }

  async refund(payment: { providerRef: string }): Promise<void> {
    const now = new Date();
    const row = await this.db.transaction(async (tx) => {
      const refunded = await refundPaidPayment(tx, payment.providerRef, now);
      if (refunded) await this.notifier.enqueue(tx, 'refund.succeeded', refunded, now.getTime());
      return refunded;
    });
    if (!row) throw new Error(`sandbox payment ${payment.providerRef} is not paid`);
    this.notifier.kick();
  }

  async cancelCheckout(checkout: { providerRef: string }): Promise<void> {
    await cancelOpenPayment(this.db, checkout.providerRef);
  }

  /** A payment as its checkout page shows it. */
  async payment(id: string): Promise<SandboxPayment | undefined> {
    return findPayment(this.db, id);
  }

  /**
   * The payer's choice on the checkout page: pay (succeeds), have the payment declined (nothing
   * taken; the page offers to try again), or cancel. An open payment only, before it expires.
   */
  async act(id: string, action: CheckoutAction, now = Date.now()): Promise<CheckoutOutcome> {
    const outcome = await this.db.transaction(async (tx): Promise<CheckoutOutcome> => {
      const row = await findPayment(tx, id, true);
      if (row?.status !== 'open') return 'closed';
      if (now >= row.expiresAt.getTime()) return 'expired';
      const at = new Date(now);
      if (action === 'pay') {
        await markPaymentPaid(tx, id, at);
        await this.notifier.enqueue(tx, 'payment.succeeded', row, now);
        return 'paid';
      }
      if (action === 'decline') {
        await markPaymentDeclined(tx, id, at);
        await this.notifier.enqueue(tx, 'payment.declined', row, now);
        return 'declined';
      }
      // Held and open (checked above): it is cancelled.
      await cancelOpenPayment(tx, id);
      await this.notifier.enqueue(tx, 'payment.cancelled', row, now);
      return 'cancelled';
    });
    this.notifier.kick();
    return outcome;
  }
}
