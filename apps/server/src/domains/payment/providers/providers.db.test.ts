import { createCipheriv, createHmac, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Currency, ERRORS, OrderStatus, order, PaymentMethod, ServiceType } from '@smartlock/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../../db/schema';
import { loggedInClient } from '../../../test/fixtures';
import { startTestServer, type TestClient, type TestServer } from '../../../test/harness';
import { buy } from '../../../test/payments';
import { balanceOf } from '../../service/serviceQueries';
import { alipaySignContent } from './alipay';
import { privateKeyOf, publicKeyOf, rsaSign, rsaVerify } from './keys';
import { wechatMessage } from './wechatPay';

/**
 * The three real payment adapters in the whole pipeline, against a provider of the test's own on
 * loopback that speaks each documented protocol and checks every signature the cloud makes; the
 * test then plays the provider's notifications, signed with the provider's keys.
 */

const pair = () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
};
const merchant = pair();
const alipay = pair();
const wechat = pair();
const API_V3_KEY = 'abcdefghijklmnopqrstuvwxyz012345';
const STRIPE_SECRET = 'sk_test_cloud';
const STRIPE_WEBHOOK = 'whsec_test_cloud';

interface Seen {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}
const seen: Seen[] = [];
let refuseAlipaySignature = false;

/** The providers' APIs, as far as the cloud uses them. */
const provider: Server = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk) => {
    body += chunk;
  });
  request.on('end', () => {
    const path = request.url ?? '';
    seen.push({ path, headers: request.headers, body });
    const json = (status: number, value: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(typeof value === 'string' ? value : JSON.stringify(value));
    };
    if (path.startsWith('/v1/')) {
      if (request.headers.authorization !== `Bearer ${STRIPE_SECRET}`) return json(401, { error: 'key' });
      if (path === '/v1/checkout/sessions')
        return json(200, { id: 'cs_test_1', url: 'https://checkout.stripe.com/c/pay/cs_test_1' });
      if (path === '/v1/refunds') return json(200, { id: 're_1', status: 'succeeded' });
      if (path === '/v1/checkout/sessions/cs_test_1/expire') return json(200, { id: 'cs_test_1', status: 'expired' });
    }
    if (path.startsWith('/v3/')) {
      const auth = String(request.headers.authorization ?? '');
      const field = (name: string) => auth.match(new RegExp(`${name}="([^"]*)"`))?.[1] ?? '';
      const message = wechatMessage('POST', path, field('timestamp'), field('nonce_str'), body);
      if (
        !auth.startsWith('WECHATPAY2-SHA256-RSA2048 ') ||
        !rsaVerify(publicKeyOf(merchant.publicPem), message, field('signature'))
      ) {
        return json(401, { code: 'SIGN_ERROR' });
      }
      const answer =
        path === '/v3/pay/transactions/native'
          ? { code_url: 'weixin://wxpay/bizpayurl?pr=test' }
          : { status: 'PROCESSING' };
      const text = JSON.stringify(answer);
      const timestamp = String(Math.floor(Date.now() / 1000));
      const nonce = randomBytes(8).toString('hex');
      return json(text ? 200 : 204, text, {
        'wechatpay-timestamp': timestamp,
        'wechatpay-nonce': nonce,
        'wechatpay-signature': rsaSign(privateKeyOf(wechat.privatePem), wechatMessage(timestamp, nonce, text)),
      });
    }
    if (path === '/gateway.do') {
      const form = Object.fromEntries(new URLSearchParams(body));
      if (!rsaVerify(publicKeyOf(merchant.publicPem), alipaySignContent(form), form.sign ?? '')) {
        return json(200, { error_response: { code: '40002', msg: 'Invalid Arguments' } });
      }
      const closing = form.method === 'alipay.trade.close';
      const node = JSON.stringify(
        closing
          ? { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST', sub_msg: 'no such trade' }
          : { code: '10000', msg: 'Success', fund_change: 'Y' },
      );
      const sign = rsaSign(privateKeyOf(refuseAlipaySignature ? merchant.privatePem : alipay.privatePem), node);
      const name = `${String(form.method).replace(/\./g, '_')}_response`;
      return json(200, `{"${name}":${node},"sign":"${sign}"}`);
    }
    json(404, {});
  });
});

let server: TestServer;
let buyer: TestClient;
let buyerId: number;

beforeAll(async () => {
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
  server = await startTestServer({
    PUBLIC_URL: 'https://console.example',
    STRIPE_SECRET_KEY: STRIPE_SECRET,
    STRIPE_WEBHOOK_SECRET: STRIPE_WEBHOOK,
    STRIPE_API_BASE: base,
    WECHATPAY_APP_ID: 'wx-app',
    WECHATPAY_MCH_ID: '1900000001',
    WECHATPAY_PRIVATE_KEY: merchant.privatePem,
    WECHATPAY_SERIAL_NO: 'SERIAL1',
    WECHATPAY_PLATFORM_PUBLIC_KEY: wechat.publicPem,
    WECHATPAY_API_V3_KEY: API_V3_KEY,
    WECHATPAY_API_BASE: base,
    ALIPAY_APP_ID: '2021000000000001',
    // The bare base64 body, as Alipay's console hands keys out.
    ALIPAY_PRIVATE_KEY: merchant.privatePem.replace(/-----[A-Z ]+-----|\n/g, ''),
    ALIPAY_PUBLIC_KEY: alipay.publicPem,
    ALIPAY_GATEWAY: `${base}/gateway.do`,
  });
  ({ client: buyer, uid: buyerId } = await loggedInClient(server, 'providers-buyer@example.com'));
}, 60_000);
afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => provider.close(resolve));
});

const db = () => server.app.services.database.db;
const units = () => balanceOf(db(), buyerId, ServiceType.sms);
const row = async (orderNo: string) => (await db().select().from(orders).where(eq(orders.orderNo, orderNo)))[0];
const sms = (paymentMethod: number, currency: number) => ({
  serviceType: ServiceType.sms,
  quantity: 100,
  currency,
  paymentMethod,
});
const notify = (name: string, body: string, headers: Record<string, string>) =>
  server.app.inject({ method: 'POST', url: `/api/payment/notify/${name}`, payload: body, headers });

describe('Stripe (international)', () => {
  const signed = (body: string, secret = STRIPE_WEBHOOK, at = Math.floor(Date.now() / 1000)) => ({
    'content-type': 'application/json',
    'stripe-signature': `t=${at},v1=${createHmac('sha256', secret).update(`${at}.${body}`).digest('hex')}`,
  });
  const event = (id: string, type: string, object: Record<string, unknown>) =>
    JSON.stringify({ id, type, created: Math.floor(Date.now() / 1000), data: { object } });

  it('opens a Checkout Session, is paid by a signed webhook, refuses a forged one, and refunds the payment intent', async () => {
    const { order: created, checkoutUrl } = await buy(buyer, sms(PaymentMethod.international, Currency.dollar));
    expect(checkoutUrl).toBe('https://checkout.stripe.com/c/pay/cs_test_1');
    const session = new URLSearchParams(seen.find((s) => s.path === '/v1/checkout/sessions')?.body);
    expect(session.get('line_items[0][price_data][unit_amount]')).toBe('200');
    expect(session.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(session.get('client_reference_id')).toBe(created.orderNo);
    expect(Number(session.get('expires_at'))).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) + 30 * 60);

    const completed = event('evt_1', 'checkout.session.completed', {
      id: 'cs_test_1',
      client_reference_id: created.orderNo,
      payment_status: 'paid',
      payment_intent: 'pi_1',
      amount_total: 200,
      currency: 'usd',
    });
    const before = await units();
    expect((await notify('stripe', completed, signed(completed, 'whsec_forged'))).statusCode).toBe(400);
    expect((await notify('stripe', completed, signed(completed, STRIPE_WEBHOOK, 1_000_000))).statusCode).toBe(400);
    expect(await units()).toBe(before);
    expect((await notify('stripe', completed, signed(completed))).statusCode).toBe(200);
    expect(await row(created.orderNo)).toMatchObject({ status: OrderStatus.paid, providerRef: 'pi_1' });
    expect(await units()).toBe(before + 100);

    const refunded = await buyer.call(order.refund, { orderNo: created.orderNo });
    expect(refunded.body.data?.status).toBe(OrderStatus.refunded);
    const refund = seen.find((s) => s.path === '/v1/refunds');
    expect(new URLSearchParams(refund?.body).get('payment_intent')).toBe('pi_1');
    expect(refund?.headers['idempotency-key']).toBe('refund:pi_1');
    const told = event('evt_2', 'charge.refunded', {
      id: 'ch_1',
      payment_intent: 'pi_1',
      refunded: true,
      amount_refunded: 200,
      currency: 'usd',
      metadata: { orderNo: created.orderNo },
    });
    expect((await notify('stripe', told, signed(told))).statusCode).toBe(200);
    expect(await units()).toBe(before);
  });
});

describe('WeChat Pay (social-app wallet)', () => {
  /** A notification as WeChat Pay sends it: the resource encrypted with the APIv3 key, the whole signed with the platform key. */
  function notification(
    id: string,
    eventType: string,
    resource: Record<string, unknown>,
    at = Math.floor(Date.now() / 1000),
  ) {
    const nonce = randomBytes(6).toString('hex');
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(API_V3_KEY), Buffer.from(nonce));
    cipher.setAAD(Buffer.from('transaction'));
    const ciphertext = Buffer.concat([cipher.update(JSON.stringify(resource)), cipher.final(), cipher.getAuthTag()]);
    const body = JSON.stringify({
      id,
      create_time: new Date().toISOString(),
      event_type: eventType,
      resource_type: 'encrypt-resource',
      resource: {
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext: ciphertext.toString('base64'),
        associated_data: 'transaction',
        nonce,
      },
    });
    const headerNonce = randomBytes(8).toString('hex');
    const headers = {
      'content-type': 'application/json',
      'wechatpay-timestamp': String(at),
      'wechatpay-nonce': headerNonce,
      'wechatpay-serial': 'PLATFORM1',
      'wechatpay-signature': rsaSign(privateKeyOf(wechat.privatePem), wechatMessage(String(at), headerNonce, body)),
    };
    return { body, headers };
  }

  it('gives a code to scan, is paid by an encrypted and signed notification, refuses a tampered or stale one, and refunds', async () => {
    const { order: created, checkoutUrl } = await buy(buyer, sms(PaymentMethod.socialWallet, Currency.rmb));
    expect(checkoutUrl).toBe('weixin://wxpay/bizpayurl?pr=test');
    const native = JSON.parse(seen.find((s) => s.path === '/v3/pay/transactions/native')?.body ?? '{}');
    expect(native).toMatchObject({
      mchid: '1900000001',
      out_trade_no: created.orderNo,
      amount: { total: 1000, currency: 'CNY' },
      notify_url: 'https://console.example/api/payment/notify/wechatpay',
    });
    const paid = {
      out_trade_no: created.orderNo,
      transaction_id: '4200000001',
      trade_state: 'SUCCESS',
      success_time: new Date().toISOString(),
      amount: { total: 1000, currency: 'CNY' },
    };
    const before = await units();
    const good = notification('wx-evt-1', 'TRANSACTION.SUCCESS', paid);
    expect((await notify('wechatpay', good.body.replace('SUCCESS', 'SUCCESS '), good.headers)).statusCode).toBe(400);
    const stale = notification('wx-evt-1', 'TRANSACTION.SUCCESS', paid, Math.floor(Date.now() / 1000) - 3600);
    expect((await notify('wechatpay', stale.body, stale.headers)).statusCode).toBe(400);
    expect(await units()).toBe(before);
    const taken = await notify('wechatpay', good.body, good.headers);
    expect(taken.statusCode).toBe(204);
    expect(await row(created.orderNo)).toMatchObject({ status: OrderStatus.paid, providerRef: '4200000001' });
    expect(await units()).toBe(before + 100);
    expect((await buyer.call(order.refund, { orderNo: created.orderNo })).body.errorCode).toBe(0);
    const refund = JSON.parse(seen.find((s) => s.path === '/v3/refund/domestic/refunds')?.body ?? '{}');
    expect(refund).toMatchObject({
      transaction_id: '4200000001',
      amount: { refund: 1000, total: 1000, currency: 'CNY' },
    });
    expect(await units()).toBe(before);
  });
});

describe('Alipay (mobile payment app)', () => {
  /** An asynchronous notification as Alipay posts it, signed with `key`. */
  function notification(fields: Record<string, string>, key = alipay.privatePem) {
    const form = {
      notify_time: '2026-11-24 20:00:00',
      notify_type: 'trade_status_sync',
      charset: 'utf-8',
      version: '1.0',
      app_id: '2021000000000001',
      ...fields,
    };
    const sign = rsaSign(privateKeyOf(key), alipaySignContent(form, ['sign', 'sign_type']));
    return new URLSearchParams({ ...form, sign, sign_type: 'RSA2' }).toString();
  }
  const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };

  it('sends the payer to a signed page-pay address, is paid by a signed notification answered "success", and refunds through the gateway', async () => {
    const { order: created, checkoutUrl } = await buy(buyer, sms(PaymentMethod.mobilePay, Currency.rmb));
    const url = new URL(checkoutUrl);
    const params = Object.fromEntries(url.searchParams);
    expect(url.pathname).toBe('/gateway.do');
    expect(params).toMatchObject({ method: 'alipay.trade.page.pay', sign_type: 'RSA2', app_id: '2021000000000001' });
    expect(rsaVerify(publicKeyOf(merchant.publicPem), alipaySignContent(params), params.sign ?? '')).toBe(true);
    expect(JSON.parse(params.biz_content ?? '{}')).toMatchObject({
      out_trade_no: created.orderNo,
      total_amount: '10.00',
      product_code: 'FAST_INSTANT_TRADE_PAY',
    });
    expect(params.notify_url).toBe('https://console.example/api/payment/notify/alipay');

    const fields = {
      notify_id: 'ali-1',
      out_trade_no: created.orderNo,
      trade_no: '2026112422001',
      trade_status: 'TRADE_SUCCESS',
      total_amount: '10.00',
      gmt_payment: '2026-11-24 20:00:00',
    };
    const before = await units();
    expect((await notify('alipay', notification(fields, merchant.privatePem), formHeaders)).statusCode).toBe(400);
    expect((await notify('alipay', notification({ ...fields, total_amount: '0.01' }), formHeaders)).statusCode).toBe(
      400,
    );
    expect(await units()).toBe(before);
    const taken = await notify('alipay', notification(fields), formHeaders);
    expect(taken.body).toBe('success');
    expect(await units()).toBe(before + 100);
    // TRADE_FINISHED of the same trade later: the same payment, nothing new.
    expect(
      (
        await notify(
          'alipay',
          notification({ ...fields, notify_id: 'ali-2', trade_status: 'TRADE_FINISHED' }),
          formHeaders,
        )
      ).body,
    ).toBe('success');
    expect(await row(created.orderNo)).toMatchObject({ status: OrderStatus.paid, providerRef: '2026112422001' });

    // An answer not signed by Alipay: the refund did not happen, the order stays paid with its units.
    refuseAlipaySignature = true;
    const refused = await buyer.call(order.refund, { orderNo: created.orderNo });
    expect(refused.body.errorCode).toBe(ERRORS.operationFailed.code);
    expect(await row(created.orderNo)).toMatchObject({ status: OrderStatus.paid, refundedAt: null });
    expect(await units()).toBe(before + 100);
    refuseAlipaySignature = false;
    expect((await buyer.call(order.refund, { orderNo: created.orderNo })).body.errorCode).toBe(0);
    const refund = new URLSearchParams(seen.filter((s) => s.path === '/gateway.do').at(-1)?.body);
    expect(JSON.parse(refund.get('biz_content') ?? '{}')).toMatchObject({
      trade_no: '2026112422001',
      refund_amount: '10.00',
    });
    expect(await units()).toBe(before);
  });
});

describe('a cancelled order', () => {
  it('closes its checkout at each provider', async () => {
    const closes = () =>
      seen.filter((s) => /\/expire$|\/close$/.test(s.path) || s.body.includes('method=alipay.trade.close')).length;
    const before = closes();
    for (const [method, currency] of [
      [PaymentMethod.international, Currency.dollar],
      [PaymentMethod.socialWallet, Currency.rmb],
      [PaymentMethod.mobilePay, Currency.rmb],
    ] as const) {
      const { order: created } = await buy(buyer, sms(method, currency));
      const cancelled = await buyer.call(order.cancel, { orderNo: created.orderNo });
      expect(cancelled.body.data?.status).toBe(OrderStatus.cancelled);
    }
    expect(closes()).toBe(before + 3);
    expect(seen.some((s) => s.path === '/v1/checkout/sessions/cs_test_1/expire')).toBe(true);
    expect(seen.some((s) => /^\/v3\/pay\/transactions\/out-trade-no\/SL\w+\/close$/.test(s.path))).toBe(true);
  });
});
