import { createHmac, timingSafeEqual } from 'node:crypto';
import { Currency } from '@smartlock/contract';
import {
  type Checkout,
  type CheckoutRequest,
  type IncomingNotification,
  type NotificationAnswer,
  type PaymentEvent,
  type PaymentProvider,
  signedJson,
} from '../paymentProvider';
import { answerOf, header, PROVIDER_TIMEOUT_MS } from './keys';

export interface StripeConfig {
  secretKey: string;
  /** The webhook endpoint's signing secret (whsec_...). */
  webhookSecret: string;
  apiBase: string;
}

const TOLERANCE_SECONDS = 300;
/** Stripe's shortest Checkout Session life. */
const MIN_SESSION_SECONDS = 30 * 60 + 60;
const CURRENCY_CODE: Record<number, string> = { [Currency.rmb]: 'cny', [Currency.dollar]: 'usd' };
const CURRENCY_OF: Record<string, number> = { cny: Currency.rmb, usd: Currency.dollar };

/** Whether a Stripe-Signature header (`t=...,v1=...`, maybe several v1) signs the body with the secret. */
export function verifyStripeSignature(
  secret: string,
  header: string | undefined,
  body: string,
  now = Date.now(),
): boolean {
  const parts = (header ?? '').split(',').map((part) => part.split('=') as [string, string]);
  const timestamp = Number(parts.find(([name]) => name === 't')?.[1]);
  if (!Number.isSafeInteger(timestamp) || Math.abs(now / 1000 - timestamp) > TOLERANCE_SECONDS) return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest();
  return parts
    .filter(([name, value]) => name === 'v1' && /^[0-9a-f]{64}$/.test(value ?? ''))
    .some(([, value]) => timingSafeEqual(Buffer.from(value, 'hex'), expected));
}

interface StripeEvent {
  id: string;
  type: string;
  created: number;
  data: {
    object: {
      id: string;
      client_reference_id?: string;
      payment_status?: string;
      payment_intent?: string;
      amount_total?: number;
      amount?: number;
      amount_refunded?: number;
      refunded?: boolean;
      currency?: string;
      metadata?: Record<string, string>;
    };
  };
}

/**
 * Stripe (payment method 3, an international online payment provider): Checkout Sessions, whose
 * checkout is Stripe's hosted page; webhooks signed with the endpoint's secret; refunds of the
 * payment intent. Dollars or RMB. docs/payments.md.
 */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe';
  readonly accepted: NotificationAnswer = { status: 200, contentType: 'application/json', body: '{"received":true}' };

  constructor(
    private readonly config: StripeConfig,
    private readonly send: typeof fetch = fetch,
  ) {}

  private async post<T>(path: string, form: Record<string, string>, idempotencyKey?: string): Promise<T> {
    const response = await this.send(`${this.config.apiBase}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${this.config.secretKey}`,
        'content-type': 'application/x-www-form-urlencoded',
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
      body: new URLSearchParams(form).toString(),
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
    return JSON.parse(await answerOf(response, 'Stripe')) as T;
  }

  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    const code = CURRENCY_CODE[request.currency];
    if (!code) throw new Error(`Stripe does not take currency ${request.currency}`);
    const expiresAt = Math.max(
      Math.ceil(request.expiresAt.getTime() / 1000),
      Math.ceil(Date.now() / 1000) + MIN_SESSION_SECONDS,
    );
    const session = await this.post<{ id: string; url: string }>('/v1/checkout/sessions', {
      mode: 'payment',
      client_reference_id: request.orderNo,
      'metadata[orderNo]': request.orderNo,
      'payment_intent_data[metadata][orderNo]': request.orderNo,
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': code,
      'line_items[0][price_data][unit_amount]': String(request.amount),
      'line_items[0][price_data][product_data][name]': request.description,
      success_url: request.returnUrl,
      cancel_url: request.returnUrl,
      expires_at: String(expiresAt),
      locale: 'auto',
    });
    if (!session.url?.startsWith('https://')) throw new Error('Stripe answered no checkout page');
    return { url: session.url, providerRef: session.id };
  }

  async readNotification(incoming: IncomingNotification): Promise<PaymentEvent | undefined> {
    const event = signedJson<StripeEvent>(incoming, (body) =>
      verifyStripeSignature(this.config.webhookSecret, header(incoming.headers, 'stripe-signature'), body),
    );
    const object = event.data.object;
    const orderNo = object.client_reference_id ?? object.metadata?.orderNo ?? '';
    const currency = CURRENCY_OF[object.currency ?? ''] ?? 0;
    const at = event.created * 1000;
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
        if (object.payment_status !== 'paid' || !object.payment_intent) return undefined;
        return {
          eventId: event.id,
          kind: 'paid',
          orderNo,
          providerRef: object.payment_intent,
          amount: object.amount_total ?? 0,
          currency,
          at,
        };
      case 'checkout.session.async_payment_failed':
        return { eventId: event.id, kind: 'declined', orderNo, providerRef: object.id, amount: 0, currency, at };
      case 'charge.refunded':
        if (!object.refunded || !object.payment_intent) return undefined;
        return {
          eventId: event.id,
          kind: 'refunded',
          orderNo,
          providerRef: object.payment_intent,
          amount: object.amount_refunded ?? 0,
          currency,
          at,
        };
      default:
        return undefined;
    }
  }

  async cancelCheckout(checkout: { providerRef: string }): Promise<void> {
    if (!checkout.providerRef.startsWith('cs_')) return;
    await this.post(`/v1/checkout/sessions/${encodeURIComponent(checkout.providerRef)}/expire`, {});
  }

  async refund(payment: { providerRef: string }): Promise<void> {
    const refund = await this.post<{ status?: string }>(
      '/v1/refunds',
      { payment_intent: payment.providerRef },
      `refund:${payment.providerRef}`,
    );
    if (refund.status === 'failed' || refund.status === 'canceled') throw new Error(`Stripe refund ${refund.status}`);
  }
}
