import type { Locale } from '@smartlock/contract';

/** What a provider needs to show its checkout for an order. */
export interface CheckoutRequest {
  orderNo: string;
  /** Minor units. */
  amount: number;
  currency: number;
  /** PaymentMethod. */
  method: number;
  /** What is bought, in the payer's language. */
  description: string;
  /** The brand selling it. */
  merchant: string;
  /** After this the provider takes no payment for the order. */
  expiresAt: Date;
  /** Where the payer's browser goes back to (absolute, or relative to the console). */
  returnUrl: string;
  locale: Locale;
}

export interface Checkout {
  /** The hosted checkout page to send the payer to. */
  url: string;
  /** The provider's own id of the payment. */
  providerRef: string;
}

/** What a notification says happened (each kind of each payment once, by `eventId`). */
export type PaymentEventKind = 'paid' | 'declined' | 'cancelled' | 'refunded';

export interface PaymentEvent {
  /** Unique per provider: the same event delivered twice has the same id. */
  eventId: string;
  kind: PaymentEventKind;
  orderNo: string;
  providerRef: string;
  /** Minor units, and the currency, as the provider took (or gave back) them. */
  amount: number;
  currency: number;
  /** When it happened at the provider (ms). */
  at: number;
}

/** A notification as it arrived: the bytes are what is signed. */
export interface IncomingNotification {
  headers: Record<string, string | string[] | undefined>;
  rawBody: Buffer;
}

/** The answer a provider expects for a notification it may stop sending. */
export interface NotificationAnswer {
  status: number;
  contentType: string;
  body: string;
}

/** A notification that is not the provider's (bad signature, stale, malformed): refused, nothing applied. */
export class ForgedNotification extends Error {}

/**
 * A payment provider behind one of the spec's payment methods (docs/payments.md): the built-in
 * sandbox, or an adapter of a real provider. The cloud makes a checkout for an order, learns what
 * happened from signed server-to-server notifications, and asks for refunds.
 */
export interface PaymentProvider {
  /** In the notification path (/api/payment/notify/<name>) and on the orders. */
  readonly name: string;
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /**
   * Checks the notification is the provider's (else throws ForgedNotification) and reads it;
   * undefined for a genuine notification the cloud has nothing to do with.
   */
  readNotification(incoming: IncomingNotification): Promise<PaymentEvent | undefined>;
  /** What to answer a notification that was taken. */
  readonly accepted: NotificationAnswer;
  /** Gives a payment's money back (all of it); throws when the provider refuses. */
  refund(payment: { orderNo: string; providerRef: string; amount: number; currency: number }): Promise<void>;
  /** Closes an order's open checkout, so it takes no payment any more (the order was cancelled). */
  cancelCheckout(checkout: { orderNo: string; providerRef: string }): Promise<void>;
}

/**
 * A notification's JSON body, once `signedBy` says the provider signed it (else
 * ForgedNotification, as for a body that is not JSON).
 */
export function signedJson<T>(incoming: IncomingNotification, signedBy: (body: string) => boolean): T {
  const body = incoming.rawBody.toString('utf8');
  if (!signedBy(body)) throw new ForgedNotification('signature');
  try {
    return JSON.parse(body) as T;
  } catch {
    throw new ForgedNotification('not JSON');
  }
}
