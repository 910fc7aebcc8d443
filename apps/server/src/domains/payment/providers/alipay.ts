import type { KeyObject } from 'node:crypto';
import { Currency } from '@smartlock/contract';
import {
  type Checkout,
  type CheckoutRequest,
  ForgedNotification,
  type IncomingNotification,
  type NotificationAnswer,
  type PaymentEvent,
  type PaymentProvider,
} from '../paymentProvider';
import { answerOf, PROVIDER_TIMEOUT_MS, privateKeyOf, publicKeyOf, rsaSign, rsaVerify } from './keys';

export interface AlipayConfig {
  appId: string;
  /** The application's private key (RSA2), PEM or bare PKCS#8 base64. */
  privateKey: string;
  /** Alipay's public key, PEM or bare base64. */
  alipayPublicKey: string;
  gateway: string;
  /** Where Alipay sends asynchronous notifications (absolute). */
  notifyUrl: () => string;
}

/** Alipay's clock: "yyyy-MM-dd HH:mm:ss" in China Standard Time (UTC+8). */
export function alipayTime(ms: number): string {
  return new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** Yuan with two decimals from fen. */
const yuan = (fen: number) => (fen / 100).toFixed(2);
const fenOf = (text: string | undefined) => Math.round(Number(text ?? 'NaN') * 100);

/**
 * The string Alipay signs: every parameter but `sign` (and, for notifications, `sign_type`) with a
 * value, sorted by name, as name=value joined by "&", values as they are (not URL-encoded).
 */
export function alipaySignContent(params: Record<string, string>, exclude: readonly string[] = ['sign']): string {
  return Object.keys(params)
    .filter((name) => !exclude.includes(name) && params[name] !== undefined && params[name] !== '')
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join('&');
}

/**
 * The raw JSON text of one node of an Alipay answer (`alipay_trade_refund_response`), as signed:
 * found by its name and matched brace by brace, strings respected.
 */
export function signedNode(raw: string, node: string): string | undefined {
  const key = raw.indexOf(`"${node}"`);
  if (key < 0) return undefined;
  const start = raw.indexOf('{', key);
  let depth = 0;
  let inString = false;
  for (let i = start; i < raw.length; i++) {
    const c = raw[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return raw.slice(start, i + 1);
  }
  return undefined;
}

/**
 * Alipay (payment method 1, a Chinese mobile payment app): the PC website payment
 * (alipay.trade.page.pay), whose checkout is Alipay's own page reached by a signed address; its
 * asynchronous notifications, signed RSA2 with Alipay's key; refunds through alipay.trade.refund.
 * Amounts are RMB. docs/payments.md.
 */
export class AlipayProvider implements PaymentProvider {
  readonly name = 'alipay';
  readonly accepted: NotificationAnswer = { status: 200, contentType: 'text/plain', body: 'success' };
  private readonly key: KeyObject;
  private readonly alipayKey: KeyObject;

  constructor(
    private readonly config: AlipayConfig,
    private readonly send: typeof fetch = fetch,
  ) {
    this.key = privateKeyOf(config.privateKey);
    this.alipayKey = publicKeyOf(config.alipayPublicKey);
  }

  /** Common parameters of a call, signed. */
  private signed(
    method: string,
    biz: Record<string, unknown>,
    extra: Record<string, string> = {},
  ): Record<string, string> {
    const params: Record<string, string> = {
      app_id: this.config.appId,
      method,
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: alipayTime(Date.now()),
      version: '1.0',
      biz_content: JSON.stringify(biz),
      ...extra,
    };
    return { ...params, sign: rsaSign(this.key, alipaySignContent(params)) };
  }

  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    if (request.currency !== Currency.rmb) throw new Error('Alipay takes RMB only');
    const params = this.signed(
      'alipay.trade.page.pay',
      {
        out_trade_no: request.orderNo,
        product_code: 'FAST_INSTANT_TRADE_PAY',
        total_amount: yuan(request.amount),
        subject: request.description.slice(0, 256),
        time_expire: alipayTime(request.expiresAt.getTime()),
      },
      { return_url: request.returnUrl, notify_url: this.config.notifyUrl() },
    );
    return { url: `${this.config.gateway}?${new URLSearchParams(params)}`, providerRef: request.orderNo };
  }

  async readNotification(incoming: IncomingNotification): Promise<PaymentEvent | undefined> {
    const form = Object.fromEntries(new URLSearchParams(incoming.rawBody.toString('utf8')));
    if (!form.sign || !rsaVerify(this.alipayKey, alipaySignContent(form, ['sign', 'sign_type']), form.sign)) {
      throw new ForgedNotification('signature');
    }
    if (form.app_id !== this.config.appId) throw new ForgedNotification('another application');
    const base = {
      orderNo: form.out_trade_no ?? '',
      providerRef: form.trade_no ?? '',
      currency: Currency.rmb,
      at:
        Date.parse(`${(form.gmt_refund ?? form.gmt_payment ?? form.notify_time ?? '').replace(' ', 'T')}+08:00`) ||
        Date.now(),
    };
    const total = fenOf(form.total_amount);
    const refunded = form.refund_fee !== undefined ? fenOf(form.refund_fee) : 0;
    if (refunded > 0 && refunded === total) {
      return { ...base, eventId: `${form.notify_id}`, kind: 'refunded', amount: total };
    }
    if (refunded === 0 && (form.trade_status === 'TRADE_SUCCESS' || form.trade_status === 'TRADE_FINISHED')) {
      return { ...base, eventId: `${form.notify_id}`, kind: 'paid', amount: total };
    }
    return undefined;
  }

  async refund(payment: { orderNo: string; providerRef: string; amount: number }): Promise<void> {
    const answer = await this.call('alipay.trade.refund', {
      trade_no: payment.providerRef,
      refund_amount: yuan(payment.amount),
      out_request_no: `${payment.orderNo}-R`,
    });
    if (answer.code !== '10000')
      throw new Error(`Alipay refused the refund: ${answer.sub_msg ?? answer.msg ?? 'unknown'}`);
  }

  async cancelCheckout(checkout: { orderNo: string }): Promise<void> {
    const answer = await this.call('alipay.trade.close', { out_trade_no: checkout.orderNo });
    // A trade nobody opened yet does not exist at Alipay: nothing to close.
    if (answer.code !== '10000' && answer.sub_code !== 'ACQ.TRADE_NOT_EXIST') {
      throw new Error(`Alipay did not close the trade: ${answer.sub_msg ?? answer.msg ?? 'unknown'}`);
    }
  }

  /** A gateway call: its answer's node, checked to be signed by Alipay. */
  private async call(
    method: string,
    biz: Record<string, unknown>,
  ): Promise<{ code?: string; msg?: string; sub_code?: string; sub_msg?: string }> {
    const response = await this.send(this.config.gateway, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
      body: new URLSearchParams(this.signed(method, biz)).toString(),
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
    const raw = await answerOf(response, 'Alipay');
    const node = signedNode(raw, `${method.replace(/\./g, '_')}_response`);
    const { sign } = JSON.parse(raw) as { sign?: string };
    if (!node || !sign || !rsaVerify(this.alipayKey, node, sign)) {
      throw new Error(`Alipay ${method} answer is not signed by Alipay`);
    }
    return JSON.parse(node);
  }
}
