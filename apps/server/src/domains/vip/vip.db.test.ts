import {
  AdvancedFunctionDisplay,
  admin,
  Currency,
  ERRORS,
  lock,
  lockRecord,
  OrderStatus,
  order,
  PaymentMethod,
  ServiceType,
  TemplateType,
  template,
  user,
  VipPackageStatus,
  VipStatus,
  vip,
} from '@smartlock/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locks, vipSubscriptions } from '../../db/schema';
import { addLock } from '../../test/devices';
import { loggedInClient } from '../../test/fixtures';
import { dataOf, startTestServer, type TestClient, type TestServer } from '../../test/harness';
import { atCheckout, buy, orderWhen } from '../../test/payments';
import { setVipStatus } from '../../test/vip';

const DAY = 86_400_000;
const YEAR = 365 * DAY;

let server: TestServer;
let owner: TestClient;
let ownerId: number;
let administrator: TestClient;
let nobody: TestClient;
let nobodyId: number;
let lockId: number;

beforeAll(async () => {
  server = await startTestServer();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  ({ client: owner, uid: ownerId } = await loggedInClient(server, 'vip-owner@example.com'));
  ({ client: administrator } = await loggedInClient(server, 'vip-admin@example.com'));
  ({ client: nobody, uid: nobodyId } = await loggedInClient(server, 'vip-nobody@example.com'));
  lockId = await addLock(owner, 'Front desk');
  const added = await owner.call(admin.add, { receiverUsername: 'vip-admin@example.com', lockIds: `${lockId}` });
  expect(added.body.errorCode, JSON.stringify(added.body)).toBe(0);
}, 60_000);
afterAll(async () => server?.close());

const db = () => server.app.services.database.db;
const info = async (client: TestClient) => dataOf(await client.call(vip.getInfo));
const vipOrder = (params: Record<string, number> = {}) => ({
  serviceType: ServiceType.vip,
  quantity: 1,
  lockLimit: 10,
  currency: Currency.dollar,
  paymentMethod: PaymentMethod.international,
  ...params,
});
const subscription = async () =>
  (await db().select().from(vipSubscriptions).where(eq(vipSubscriptions.userId, ownerId)))[0];

describe('the free trial', () => {
  it('is there for a lock owner who never had the function, and starts once for 10 days', async () => {
    expect(await info(owner)).toMatchObject({
      status: VipStatus.notOpen,
      display: AdvancedFunctionDisplay.disabled,
      trialAvailable: true,
      ownedLocks: 1,
      administers: false,
    });
    const started = await owner.call(vip.startTrial);
    expect(started.body.data).toMatchObject({
      status: VipStatus.trial,
      packageStatus: VipPackageStatus.trial,
      display: AdvancedFunctionDisplay.onTrial,
      trialAvailable: false,
      lockLimit: null,
    });
    expect(Math.abs((started.body.data?.endsAt ?? 0) - (Date.now() + 10 * DAY))).toBeLessThan(60_000);
    const me = await owner.call(user.getInfo);
    expect(me.body.data?.paidUserStatus).toBe(VipStatus.trial);
    const again = await owner.call(vip.startTrial);
    expect(again.body.errorCode).toBe(ERRORS.vipTrialUsed.code);
    expect(again.body.errorMsg).toBe('The free trial has already been used on this account.');
  });

  it('is not started again after it ended: the function is then overdue', async () => {
    const row = await subscription();
    await db()
      .update(vipSubscriptions)
      .set({ trialEndsAt: new Date(Date.now() - 1000) })
      .where(eq(vipSubscriptions.userId, ownerId));
    expect(await info(owner)).toMatchObject({ status: VipStatus.overdue, display: AdvancedFunctionDisplay.expired });
    expect((await owner.call(lock.batchUnlock, { lockIdList: `${lockId}` })).body.errorCode).toBe(
      ERRORS.advancedFunctionRequired.code,
    );
    expect((await owner.call(vip.startTrial)).body.errorCode).toBe(ERRORS.vipTrialUsed.code);
    await db()
      .update(vipSubscriptions)
      .set({ trialEndsAt: row?.trialEndsAt })
      .where(eq(vipSubscriptions.userId, ownerId));
  });
});

describe('what only the owner may do', () => {
  it('refuses an authorized administrator, and an account without locks, the trial, the purchase and templates', async () => {
    for (const client of [administrator, nobody]) {
      const before = await db().select().from(vipSubscriptions);
      expect((await client.call(vip.startTrial)).body.errorCode).toBe(ERRORS.advancedFunctionOwnerOnly.code);
      expect((await client.call(order.create, vipOrder())).body.errorCode).toBe(ERRORS.advancedFunctionOwnerOnly.code);
      expect(
        (
          await client.call(template.add, {
            channel: 'sms',
            type: TemplateType.passcode,
            name: 'Welcome',
            content: 'Room {room}: {passcode}',
          })
        ).body.errorCode,
      ).toBe(ERRORS.advancedFunctionOwnerOnly.code);
      expect(await db().select().from(vipSubscriptions)).toEqual(before);
    }
    expect(await info(administrator)).toMatchObject({ ownedLocks: 0, administers: true });
    expect((await administrator.call(lockRecord.list, { lockId, queryType: 0 })).body.errorCode).toBe(0);
    expect(
      (
        await administrator.call(lockRecord.exportRecords, {
          lockIds: `${lockId}`,
          startDate: Date.now() - DAY,
          endDate: Date.now(),
        })
      ).body.errorCode,
    ).toBe(ERRORS.noPermission.code);
  });
});

describe('buying the advanced function', () => {
  it('refuses a plan smaller than the locks owned, one not offered, and more years than sold', async () => {
    // Eleven locks for this owner: the 10-lock plan does not cover them.
    for (let i = 1; i <= 11; i++) await addLock(nobody, `Spare ${i}`);
    const small = await nobody.call(order.create, vipOrder());
    expect(small.body).toMatchObject({
      errorCode: ERRORS.vipTierTooSmall.code,
      errorMsg: 'This plan covers up to 10 locks, but you own 11. Choose a larger plan.',
    });
    expect((await nobody.call(order.create, vipOrder({ lockLimit: 12 }))).body.errorCode).toBe(
      ERRORS.packageNotOffered.code,
    );
    expect((await nobody.call(order.create, vipOrder({ lockLimit: 50, quantity: 4 }))).body.errorCode).toBe(
      ERRORS.packageNotOffered.code,
    );
    expect((await nobody.call(order.create, vipOrder({ lockLimit: 50 }))).body.errorCode).toBe(0);
  });

  it('adds the paid years after the trial, with the plan’s lock count; a refund takes them back', async () => {
    const trialEnd = (await subscription())?.trialEndsAt?.getTime() as number;
    const { order: created, checkoutUrl } = await buy(owner, vipOrder({ quantity: 2 }));
    expect(created).toMatchObject({ amount: 5800, unitPrice: 2900, lockLimit: 10 });
    expect(created.description).toBe('Advanced function for up to 10 locks, years: 2');
    await atCheckout(server, checkoutUrl, 'pay');
    await orderWhen(owner, created.orderNo, (o) => o.status === OrderStatus.paid);
    const open = await info(owner);
    expect(open).toMatchObject({ status: VipStatus.open, display: AdvancedFunctionDisplay.enabled, lockLimit: 10 });
    expect(open.paidUntil).toBe(trialEnd + 2 * YEAR);
    const refunded = await owner.call(order.refund, { orderNo: created.orderNo });
    expect(refunded.body.data?.status).toBe(OrderStatus.refunded);
    expect((await info(owner)).status).toBe(VipStatus.trial);
    expect((await subscription())?.paidUntil?.getTime()).toBe(trialEnd);
  });

  it('shows "expires soon" in the last 30 days, and refuses the function to more locks than the plan covers', async () => {
    await db()
      .update(vipSubscriptions)
      .set({ paidUntil: new Date(Date.now() + 20 * DAY), lockLimit: 10 })
      .where(eq(vipSubscriptions.userId, ownerId));
    expect(await info(owner)).toMatchObject({
      status: VipStatus.open,
      packageStatus: VipPackageStatus.willOverdue,
      display: AdvancedFunctionDisplay.expiresSoon,
    });
    await setVipStatus(db(), nobodyId, VipStatus.open, 10);
    const refused = await nobody.call(lock.batchUnlock, { lockIdList: `${lockId}` });
    expect(refused.body.errorCode).toBe(ERRORS.noPermission.code);
    const [own] = await db().select().from(locks).where(eq(locks.name, 'Spare 1'));
    const limited = await nobody.call(lock.batchUnlock, { lockIdList: `${own?.id}` });
    expect(limited.body).toMatchObject({
      errorCode: ERRORS.advancedFunctionLockLimit.code,
      errorMsg:
        'Your advanced function plan covers up to 10 locks, but you own 11. Choose a larger plan under Value-added services.',
    });
    await setVipStatus(db(), nobodyId, VipStatus.open, 50);
    expect((await nobody.call(lock.batchUnlock, { lockIdList: `${own?.id}` })).body.errorCode).toBe(0);
  });
});
