import {
  Currency,
  ERRORS,
  type OrderItem,
  OrderStatus,
  order,
  PaymentMethod,
  PaymentResult,
  ServiceType,
  service,
} from '@smartlock/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, paymentEvents, sandboxNotifications, sandboxPayments } from '../../db/schema';
import { deriveKey } from '../../security/crypto';
import { loggedInClient } from '../../test/fixtures';
import { dataOf, startTestServer, type TestClient, type TestServer } from '../../test/harness';
import { atCheckout, buy, orderWhen } from '../../test/payments';
import { until } from '../../test/until';
import { MAX_ATTEMPTS, retryDelaySeconds, SandboxNotifier } from '../payment/sandbox/sandboxNotifier';
import type { SandboxPayment } from '../payment/sandbox/sandboxQueries';
import { signNotification } from '../payment/sandbox/sandboxSignature';
import { balanceOf } from '../service/serviceQueries';

let server: TestServer;
let buyer: TestClient;
let buyerId: number;
let stranger: TestClient;

beforeAll(async () => {
  server = await startTestServer({ SECRET_KEY: 'orders-test-secret-0123456789abcdef' });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  ({ client: buyer, uid: buyerId } = await loggedInClient(server, 'orders-buyer@example.com'));
  ({ client: stranger } = await loggedInClient(server, 'orders-stranger@example.com'));
}, 60_000);
afterAll(async () => server?.close());

const db = () => server.app.services.database.db;
const SMS_500 = {
  serviceType: ServiceType.sms,
  quantity: 500,
  currency: Currency.dollar,
  paymentMethod: PaymentMethod.international,
};
const smsUnits = () => balanceOf(db(), buyerId, ServiceType.sms);
const row = async (orderNo: string) => (await db().select().from(orders).where(eq(orders.orderNo, orderNo)))[0];
const paid = (o: OrderItem) => o.status === OrderStatus.paid;

/** The sandbox's stored notification of an event type for an order's payment, as it was sent. */
async function sentNotification(providerRef: string, type: string) {
  const rows = await db().select().from(sandboxNotifications).where(eq(sandboxNotifications.paymentId, providerRef));
  const found = rows.find((r) => JSON.parse(r.body).type === type);
  if (!found) throw new Error(`no ${type} notification for ${providerRef}`);
  return found;
}

/**
 * The sandbox's notification of an event type for an order's payment once the merchant (this
 * server) has taken it: the sender marks it delivered when the answer is back, so what it carried
 * has been applied by then.
 */
async function deliveredNotification(providerRef: string, type: string) {
  await until(async () => {
    const rows = await db().select().from(sandboxNotifications).where(eq(sandboxNotifications.paymentId, providerRef));
    return rows.some((r) => JSON.parse(r.body).type === type && r.deliveredAt !== null);
  });
  return sentNotification(providerRef, type);
}

/** Delivers a body to the notification endpoint as the sandbox would, signed with the sandbox's key unless told otherwise. */
async function notify(body: string, key = deriveKey('orders-test-secret-0123456789abcdef', 'sandbox-payments')) {
  return server.app.inject({
    method: 'POST',
    url: '/api/payment/notify/sandbox',
    headers: { 'content-type': 'application/json', 'x-sandbox-signature': signNotification(key, body) },
    payload: body,
  });
}

describe('the price list', () => {
  it('offers each unit service in packages, the plans, and the currencies each method takes', async () => {
    const reply = await buyer.call(service.getPriceList);
    const list = reply.body.data;
    expect(list?.available).toBe(true);
    expect(list?.defaultCurrency).toBe(Currency.dollar);
    expect(list?.paymentMethods).toContainEqual({ method: PaymentMethod.mobilePay, currencies: [Currency.rmb] });
    expect(list?.services.find((s) => s.serviceType === ServiceType.sms)).toMatchObject({
      unitPrices: expect.arrayContaining([{ currency: Currency.dollar, amount: 2 }]),
      packages: expect.arrayContaining([500]),
    });
    expect(list?.vipTiers.map((t) => t.locks)).toEqual([10, 50, 200, 1000]);
  });

  it('refuses a package not offered, a currency the method does not take, and a site without paid services', async () => {
    const before = await db().select().from(orders);
    const refused = async (params: Record<string, number | string>) =>
      (await buyer.call(order.create, { ...SMS_500, ...params })).body.errorCode;
    expect(await refused({ quantity: 499 })).toBe(ERRORS.packageNotOffered.code);
    expect(await refused({ serviceType: ServiceType.email, quantity: 7 })).toBe(ERRORS.packageNotOffered.code);
    expect(await refused({ paymentMethod: PaymentMethod.mobilePay })).toBe(ERRORS.paymentMethodUnavailable.code);
    expect(await refused({ lockLimit: 10 })).toBe(ERRORS.packageNotOffered.code);
    expect(await refused({ serviceType: ServiceType.eContract })).toBe(ERRORS.badParameter.code);
    expect(await refused({ packageName: 'com.harborstays.console' })).toBe(ERRORS.paidFeaturesUnavailable.code);
    expect(await db().select().from(orders)).toEqual(before);
  });
});

describe('buying a package through the sandbox checkout', () => {
  it('creates the order waiting 30 minutes, at the list price, with a checkout page', async () => {
    const { order: created, checkoutUrl } = await buy(buyer, SMS_500);
    expect(created).toMatchObject({
      status: OrderStatus.created,
      unitPrice: 2,
      amount: 1000,
      currency: Currency.dollar,
      description: 'SMS × 500',
      refundable: false,
      paymentDeclined: false,
    });
    expect(created.orderNo).toMatch(/^SL\d{14}[0-9A-Z]{6}$/);
    expect(created.expiresAt - created.createdAt).toBe(30 * 60_000);
    const page = await server.app.inject({ method: 'GET', url: checkoutUrl });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('$10.00');
    expect(page.body).toContain(created.orderNo);
    expect(page.headers['content-security-policy']).toMatch(/default-src 'none'/);
  });

  it('paid at the checkout: the signed notification comes back over HTTP, the order is paid and the units added once', async () => {
    const before = await smsUnits();
    const { order: created, checkoutUrl } = await buy(buyer, SMS_500);
    const back = await atCheckout(server, checkoutUrl, 'pay');
    expect(back.status).toBe(303);
    expect(back.location).toMatch(new RegExp(`/account/record\\?orderNo=${created.orderNo}$`));
    const done = await orderWhen(buyer, created.orderNo, paid);
    expect(done.result).toBe(PaymentResult.success);
    expect(done.order.refundable).toBe(true);
    expect(await smsUnits()).toBe(before + 500);

    // The same notification delivered again (a provider retry) changes nothing.
    const providerRef = (await row(created.orderNo))?.providerRef as string;
    // The sender marks it delivered once the answer is back, just after the order is paid.
    const sent = await deliveredNotification(providerRef, 'payment.succeeded');
    expect(sent.deliveredAt).not.toBeNull();
    const again = await notify(sent.body);
    expect(again.statusCode).toBe(200);
    expect(await smsUnits()).toBe(before + 500);
    expect(
      await db()
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.eventId, JSON.parse(sent.body).id)),
    ).toHaveLength(1);
  });

  it('refuses a forged notification and one whose amount differs from the order, changing nothing', async () => {
    const { order: created } = await buy(buyer, SMS_500);
    const providerRef = (await row(created.orderNo))?.providerRef as string;
    const body = (amount: number) =>
      JSON.stringify({
        id: `evt_forged_${amount}`,
        type: 'payment.succeeded',
        created: Date.now(),
        data: { payment: providerRef, orderNo: created.orderNo, amount, currency: Currency.dollar },
      });
    const before = await smsUnits();
    expect((await notify(body(1000), Buffer.alloc(32, 1))).statusCode).toBe(400);
    const unsigned = await server.app.inject({
      method: 'POST',
      url: '/api/payment/notify/sandbox',
      headers: { 'content-type': 'application/json' },
      payload: body(1000),
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await notify(body(1))).statusCode).toBe(400);
    expect(await smsUnits()).toBe(before);
    expect((await row(created.orderNo))?.status).toBe(OrderStatus.created);
    expect(
      await db()
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.orderId, (await row(created.orderNo))?.id ?? 0)),
    ).toEqual([]);
  });

  it('a declined payment leaves the order waiting with the result "failed"; paying again succeeds', async () => {
    const { order: created, checkoutUrl } = await buy(buyer, SMS_500);
    const declined = await atCheckout(server, checkoutUrl, 'decline');
    expect(declined.location).toContain('notice=declined');
    const failed = await orderWhen(buyer, created.orderNo, (o) => o.paymentDeclined);
    expect(failed).toMatchObject({ result: PaymentResult.failed, order: { status: OrderStatus.created } });
    const page = await server.app.inject({ method: 'GET', url: declined.location });
    expect(page.body).toContain('declined');
    await atCheckout(server, checkoutUrl, 'pay');
    expect((await orderWhen(buyer, created.orderNo, paid)).result).toBe(PaymentResult.success);
  });

  it('cancelled at the checkout or by the buyer: cancelled, with nothing added, and no longer payable', async () => {
    const before = await smsUnits();
    const first = await buy(buyer, SMS_500);
    await atCheckout(server, first.checkoutUrl, 'cancel');
    expect((await orderWhen(buyer, first.order.orderNo, (o) => o.status === OrderStatus.cancelled)).result).toBe(
      PaymentResult.cancelled,
    );
    const second = await buy(buyer, SMS_500);
    const cancelled = await buyer.call(order.cancel, { orderNo: second.order.orderNo });
    expect(cancelled.body.data?.status).toBe(OrderStatus.cancelled);
    expect((await buyer.call(order.cancel, { orderNo: second.order.orderNo })).body.errorCode).toBe(
      ERRORS.orderStateConflict.code,
    );
    expect((await buyer.call(order.pay, { orderNo: second.order.orderNo })).body.errorCode).toBe(
      ERRORS.orderStateConflict.code,
    );
    // Its checkout was closed with it: paying there takes nothing.
    const tried = await atCheckout(server, second.checkoutUrl, 'pay');
    expect(tried.location).toContain('/sandbox-pay/checkout/');
    const page = await server.app.inject({ method: 'GET', url: tried.location });
    expect(page.body).toContain('data-notice="cancelled"');
    expect((await row(second.order.orderNo))?.status).toBe(OrderStatus.cancelled);
    expect(await smsUnits()).toBe(before);
  });

  it('pays again on a new checkout after the first window was closed', async () => {
    const { order: created } = await buy(buyer, SMS_500);
    const again = await buyer.call(order.pay, { orderNo: created.orderNo });
    expect(again.body.errorCode).toBe(0);
    await atCheckout(server, dataOf(again).checkoutUrl, 'pay');
    expect((await orderWhen(buyer, created.orderNo, paid)).order.status).toBe(OrderStatus.paid);
  });
});

describe('an order whose payment time ran out', () => {
  it('becomes overdue, the checkout takes no payment, and "order not paid" is the result', async () => {
    const { order: created, checkoutUrl } = await buy(buyer, SMS_500);
    const past = new Date(Date.now() - 1000);
    await db().update(orders).set({ expiresAt: past }).where(eq(orders.orderNo, created.orderNo));
    await db().update(sandboxPayments).set({ expiresAt: past }).where(eq(sandboxPayments.orderNo, created.orderNo));
    const before = await smsUnits();
    const tried = await atCheckout(server, checkoutUrl, 'pay');
    expect(tried.location).toContain('notice=expired');
    const detail = await buyer.call(order.detail, { orderNo: created.orderNo });
    expect(detail.body.data).toMatchObject({
      order: { status: OrderStatus.overdue },
      result: PaymentResult.orderNotPaid,
    });
    expect((await buyer.call(order.pay, { orderNo: created.orderNo })).body.errorCode).toBe(
      ERRORS.orderStateConflict.code,
    );
    expect(await smsUnits()).toBe(before);
  });

  it('gives back money paid after the order ended, and counts money paid in time but told late', async () => {
    const before = await smsUnits();
    const late = await buy(buyer, SMS_500);
    const lateRef = (await row(late.order.orderNo))?.providerRef as string;
    await atCheckout(server, late.checkoutUrl, 'pay');
    const lateEvent = await sentNotification(lateRef, 'payment.succeeded');
    await orderWhen(buyer, late.order.orderNo, paid);
    // Told again as if the payment had come after the end: the cloud refunds it.
    const afterEnd = await buy(buyer, SMS_500);
    const ref = (await row(afterEnd.order.orderNo))?.providerRef as string;
    await db().update(orders).set({ status: OrderStatus.overdue }).where(eq(orders.orderNo, afterEnd.order.orderNo));
    await db().update(sandboxPayments).set({ status: 'paid' }).where(eq(sandboxPayments.id, ref));
    const body = JSON.stringify({
      id: 'evt_after_end',
      type: 'payment.succeeded',
      created: Date.now() + 31 * 60_000,
      data: { payment: ref, orderNo: afterEnd.order.orderNo, amount: 1000, currency: Currency.dollar },
    });
    expect((await notify(body)).statusCode).toBe(200);
    expect(await row(afterEnd.order.orderNo)).toMatchObject({ status: OrderStatus.refunded, refundReason: 'late' });
    const [payment] = await db().select().from(sandboxPayments).where(eq(sandboxPayments.id, ref));
    expect(payment?.status).toBe('refunded');
    expect(await smsUnits()).toBe(before + 500);
    expect(JSON.parse(lateEvent.body).data.orderNo).toBe(late.order.orderNo);
  });
});

describe('refunds', () => {
  it('takes the units back, marks the order refunded and the sandbox payment refunded', async () => {
    const { order: created, checkoutUrl } = await buy(buyer, SMS_500);
    await atCheckout(server, checkoutUrl, 'pay');
    await orderWhen(buyer, created.orderNo, paid);
    const before = await smsUnits();
    const refunded = await buyer.call(order.refund, { orderNo: created.orderNo });
    expect(refunded.body.data).toMatchObject({ status: OrderStatus.refunded, refundable: false });
    expect(await smsUnits()).toBe(before - 500);
    const ref = (await row(created.orderNo))?.providerRef as string;
    const [payment] = await db().select().from(sandboxPayments).where(eq(sandboxPayments.id, ref));
    expect(payment?.status).toBe('refunded');
    // The sandbox's own refund notification arrives (the server has answered it) and changes nothing more.
    expect((await deliveredNotification(ref, 'refund.succeeded')).deliveredAt).not.toBeNull();
    expect(await smsUnits()).toBe(before - 500);
    expect((await buyer.call(order.refund, { orderNo: created.orderNo })).body.errorCode).toBe(
      ERRORS.orderStateConflict.code,
    );
  });

  it('refuses a refund once units are used, or after seven days, and of an unpaid order', async () => {
    const { order: created, checkoutUrl } = await buy(buyer, { ...SMS_500, quantity: 100 });
    await atCheckout(server, checkoutUrl, 'pay');
    await orderWhen(buyer, created.orderNo, paid);
    const units = await smsUnits();
    await db()
      .update(orders)
      .set({ paidAt: new Date(Date.now() - 7 * 86_400_000) })
      .where(eq(orders.orderNo, created.orderNo));
    expect((await buyer.call(order.refund, { orderNo: created.orderNo })).body).toMatchObject({
      errorCode: ERRORS.refundWindowPassed.code,
      errorMsg: 'A purchase can only be refunded within 7 days of payment.',
    });
    await db().update(orders).set({ paidAt: new Date() }).where(eq(orders.orderNo, created.orderNo));
    const { serviceBalances } = await import('../../db/schema');
    await db().update(serviceBalances).set({ units: 99 }).where(eq(serviceBalances.userId, buyerId));
    expect((await buyer.call(order.refund, { orderNo: created.orderNo })).body.errorCode).toBe(
      ERRORS.refundUnitsUsed.code,
    );
    expect(await row(created.orderNo)).toMatchObject({ status: OrderStatus.paid });
    expect(await smsUnits()).toBe(99);
    await db().update(serviceBalances).set({ units }).where(eq(serviceBalances.userId, buyerId));
    const waiting = await buy(buyer, SMS_500);
    expect((await buyer.call(order.refund, { orderNo: waiting.order.orderNo })).body.errorCode).toBe(
      ERRORS.orderStateConflict.code,
    );
  });

  it('a refund made at the provider takes back what is left of the purchase', async () => {
    const { order: created, checkoutUrl } = await buy(buyer, { ...SMS_500, quantity: 100 });
    await atCheckout(server, checkoutUrl, 'pay');
    await orderWhen(buyer, created.orderNo, paid);
    const ref = (await row(created.orderNo))?.providerRef as string;
    const body = JSON.stringify({
      id: 'evt_dashboard_refund',
      type: 'refund.succeeded',
      created: Date.now(),
      data: { payment: ref, orderNo: created.orderNo, amount: 200, currency: Currency.dollar },
    });
    const before = await smsUnits();
    expect((await notify(body)).statusCode).toBe(200);
    expect(await row(created.orderNo)).toMatchObject({
      status: OrderStatus.refunded,
      refundReason: 'provider',
      reversed: 100,
    });
    expect(await smsUnits()).toBe(before - 100);
  });
});

describe('the sandbox’s notifications', () => {
  it('sends again, later each time, what the merchant did not take, and gives up after twelve tries', async () => {
    const { order: created } = await buy(buyer, SMS_500);
    const ref = (await row(created.orderNo))?.providerRef as string;
    const answers: number[] = [];
    const merchant = (async () => {
      const status = answers.shift() ?? 503;
      return new Response(null, { status });
    }) as unknown as typeof fetch;
    const notifier = new SandboxNotifier(
      db(),
      Buffer.alloc(32),
      server.app.log,
      () => 'http://merchant.test/notify',
      merchant,
    );
    const [payment] = await db().select().from(sandboxPayments).where(eq(sandboxPayments.id, ref));
    const eventId = await notifier.enqueue(db(), 'payment.declined', payment as SandboxPayment);
    const stored = async () =>
      (await db().select().from(sandboxNotifications).where(eq(sandboxNotifications.eventId, eventId)))[0];
    const due = () =>
      db()
        .update(sandboxNotifications)
        .set({ nextAttemptAt: new Date(Date.now() - 1) })
        .where(eq(sandboxNotifications.eventId, eventId));

    answers.push(503);
    const tried = Date.now();
    expect(await notifier.deliverDue()).toBe(0);
    const first = await stored();
    expect(first).toMatchObject({ attempts: 1, lastError: 'HTTP 503', deliveredAt: null });
    // The next try waits the first back-off (two seconds) from the failed one.
    expect(first?.nextAttemptAt.getTime() ?? 0).toBeGreaterThanOrEqual(tried + retryDelaySeconds(1) * 1000);
    expect(await notifier.deliverDue()).toBe(0);
    expect((await stored())?.attempts).toBe(1);

    await due();
    answers.push(200);
    expect(await notifier.deliverDue()).toBe(1);
    expect((await stored())?.deliveredAt).not.toBeNull();

    const another = await notifier.enqueue(db(), 'payment.declined', payment as SandboxPayment);
    for (let i = 0; i < MAX_ATTEMPTS + 2; i++) {
      await db()
        .update(sandboxNotifications)
        .set({ nextAttemptAt: new Date(Date.now() - 1) })
        .where(eq(sandboxNotifications.eventId, another));
      await notifier.deliverDue();
    }
    const [givenUp] = await db().select().from(sandboxNotifications).where(eq(sandboxNotifications.eventId, another));
    expect(givenUp).toMatchObject({ attempts: MAX_ATTEMPTS, deliveredAt: null });
    expect(retryDelaySeconds(1)).toBe(2);
    expect(retryDelaySeconds(20)).toBe(3600);
  });
});

describe('whose orders', () => {
  it('lists an account its own orders, newest first, and no one else’s', async () => {
    const mine = await buyer.call(order.list, { pageSize: 200 });
    expect(mine.body.data?.total).toBeGreaterThan(5);
    const times = mine.body.data?.list.map((o) => o.createdAt) ?? [];
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const theirs = await stranger.call(order.list, {});
    expect(theirs.body.data?.total).toBe(0);
    const someone = mine.body.data?.list[0]?.orderNo as string;
    for (const call of [order.detail, order.cancel, order.refund, order.pay]) {
      expect((await stranger.call(call, { orderNo: someone })).body.errorCode).toBe(ERRORS.orderNotFound.code);
    }
    const paidOnly = await buyer.call(order.list, { status: OrderStatus.paid, pageSize: 200 });
    expect(paidOnly.body.data?.list.every(paid)).toBe(true);
  });
});
