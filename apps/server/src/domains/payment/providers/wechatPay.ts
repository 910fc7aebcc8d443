import { createDecipheriv, type KeyObject, randomBytes } from 'node:crypto';
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
import { answerOf, header, PROVIDER_TIMEOUT_MS, privateKeyOf, publicKeyOf, rsaSign, rsaVerify } from './keys';

export interface WechatPayConfig {
  appId: string;
  mchId: string;
  /** The merchant's API private key, PEM or bare PKCS#8 base64. */
  privateKey: string;
  /** The serial number of the merchant's API certificate. */
  serialNo: string;
  /** WeChat Pay's platform public key (it signs answers and notifications). */
  platformPublicKey: string;
  /** The APIv3 key (32 characters): it encrypts the notifications' resources. */
  apiV3Key: string;
  apiBase: string;
  notifyUrl: () => string;
}

/** How far a notification's timestamp may be from now (seconds). */
const TOLERANCE_SECONDS = 300;

/** The message WeChat Pay signs: each part on its own line, a line break after the last. */
export function wechatMessage(...parts: string[]): string {
  return parts.map((part) => `${part}\n`).join('');
}

/** Decrypts a notification's resource (AEAD_AES_256_GCM with the APIv3 key; the tag is the last 16 bytes). */
export function decryptResource(
  apiV3Key: string,
  resource: { ciphertext: string; nonce: string; associated_data?: string },
): string {
  const data = Buffer.from(resource.ciphertext, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(resource.nonce, 'utf8'));
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
}

interface Transaction {
  out_trade_no: string;
  transaction_id: string;
  trade_state?: string;
  refund_status?: string;
  success_time?: string;
  amount: { total: number; refund?: number; currency?: string };
}

/**
 * WeChat Pay (payment method 2, a Chinese social-app wallet), API v3: Native payment, whose
 * checkout is a `weixin://` address the payer scans as a QR code in the app; notifications signed
 * with the platform key and their resource encrypted with the APIv3 key; domestic refunds. Every
 * call is signed WECHATPAY2-SHA256-RSA2048 and its answer's signature checked. Amounts are RMB.
 * docs/payments.md.
 */
export class WechatPayProvider implements PaymentProvider {
  readonly name = 'wechatpay';
  readonly accepted: NotificationAnswer = { status: 204, contentType: 'application/json', body: '' };
  private readonly key: KeyObject;
  private readonly platformKey: KeyObject;

  constructor(
    private readonly config: WechatPayConfig,
    private readonly send: typeof fetch = fetch,
  ) {
    this.key = privateKeyOf(config.privateKey);
    this.platformKey = publicKeyOf(config.platformPublicKey);
  }

  /** The Authorization header of a call. */
  authorization(method: string, path: string, body: string, now = Date.now()): string {
    const timestamp = String(Math.floor(now / 1000));
    const nonce = randomBytes(16).toString('hex');
    const signature = rsaSign(this.key, wechatMessage(method, path, timestamp, nonce, body));
    return `WECHATPAY2-SHA256-RSA2048 mchid="${this.config.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${this.config.serialNo}"`;
  }

  /** A signed POST to the API; its answer (none for 204), checked to be WeChat Pay's. */
  private async post<T>(path: string, payload: unknown): Promise<T> {
    const body = JSON.stringify(payload);
    const response = await this.send(`${this.config.apiBase}${path}`, {
      method: 'POST',
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        authorization: this.authorization('POST', path, body),
      },
      body,
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
    const text = await answerOf(response, 'WeChat Pay');
    const signed = wechatMessage(
      response.headers.get('wechatpay-timestamp') ?? '',
      response.headers.get('wechatpay-nonce') ?? '',
      text,
    );
    if (!rsaVerify(this.platformKey, signed, response.headers.get('wechatpay-signature') ?? '')) {
      throw new Error('WeChat Pay answer is not signed by WeChat Pay');
    }
    return (text ? JSON.parse(text) : {}) as T;
  }

  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    if (request.currency !== Currency.rmb) throw new Error('WeChat Pay takes RMB only');
    const { code_url } = await this.post<{ code_url: string }>('/v3/pay/transactions/native', {
      appid: this.config.appId,
      mchid: this.config.mchId,
      description: request.description.slice(0, 127),
      out_trade_no: request.orderNo,
      time_expire: new Date(request.expiresAt).toISOString().replace(/\.\d{3}Z$/, '+00:00'),
      notify_url: this.config.notifyUrl(),
      amount: { total: request.amount, currency: 'CNY' },
    });
    if (!code_url?.startsWith('weixin://')) throw new Error('WeChat Pay answered no code_url');
    return { url: code_url, providerRef: request.orderNo };
  }

  async readNotification(incoming: IncomingNotification): Promise<PaymentEvent | undefined> {
    const body = incoming.rawBody.toString('utf8');
    const timestamp = header(incoming.headers, 'wechatpay-timestamp') ?? '';
    const signed = wechatMessage(timestamp, header(incoming.headers, 'wechatpay-nonce') ?? '', body);
    if (!rsaVerify(this.platformKey, signed, header(incoming.headers, 'wechatpay-signature') ?? '')) {
      throw new ForgedNotification('signature');
    }
    if (Math.abs(Date.now() / 1000 - Number(timestamp)) > TOLERANCE_SECONDS) throw new ForgedNotification('stale');
    let notice: {
      id: string;
      event_type: string;
      create_time?: string;
      resource: Parameters<typeof decryptResource>[1];
    };
    let transaction: Transaction;
    try {
      notice = JSON.parse(body);
      transaction = JSON.parse(decryptResource(this.config.apiV3Key, notice.resource)) as Transaction;
    } catch {
      throw new ForgedNotification('resource');
    }
    const base = {
      eventId: notice.id,
      orderNo: transaction.out_trade_no,
      providerRef: transaction.transaction_id,
      currency: Currency.rmb,
      at: Date.parse(transaction.success_time ?? notice.create_time ?? '') || Date.now(),
    };
    if (notice.event_type === 'TRANSACTION.SUCCESS' && transaction.trade_state === 'SUCCESS') {
      return { ...base, kind: 'paid', amount: transaction.amount.total };
    }
    if (
      notice.event_type === 'REFUND.SUCCESS' &&
      transaction.refund_status === 'SUCCESS' &&
      transaction.amount.refund === transaction.amount.total
    ) {
      return { ...base, kind: 'refunded', amount: transaction.amount.total };
    }
    return undefined;
  }

  async cancelCheckout(checkout: { orderNo: string }): Promise<void> {
    await this.post(`/v3/pay/transactions/out-trade-no/${encodeURIComponent(checkout.orderNo)}/close`, {
      mchid: this.config.mchId,
    });
  }

  async refund(payment: { orderNo: string; providerRef: string; amount: number }): Promise<void> {
    const answer = await this.post<{ status?: string }>('/v3/refund/domestic/refunds', {
      transaction_id: payment.providerRef,
      out_refund_no: `${payment.orderNo}-R`,
      amount: { refund: payment.amount, total: payment.amount, currency: 'CNY' },
    });
    if (answer.status !== 'SUCCESS' && answer.status !== 'PROCESSING') {
      throw new Error(`WeChat Pay refused the refund: ${answer.status ?? 'unknown'}`);
    }
  }
}
