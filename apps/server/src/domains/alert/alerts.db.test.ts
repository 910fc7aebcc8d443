import {
  AlertKind,
  type AlertSettings,
  alert,
  type GatewayStatus,
  LockRecordType,
  LockState,
  lockRecord,
  ServiceType,
  type UploadedRecord,
} from '@smartlock/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts, locks, outbox, users } from '../../db/schema';
import { addGateway, addLock } from '../../test/devices';
import { loggedInClient } from '../../test/fixtures';
import { startTestServer, type TestClient, type TestServer } from '../../test/harness';
import { dataOf, type Reply } from '../../test/reply';
import { applyGatewayStatus } from '../gateway/gatewayQueries';
import { applyResult } from '../lock/lockReportedState';
import { addUnits, balanceOf } from '../service/serviceQueries';
import { ALERT_RETENTION_DAYS, AlertSweep } from './alertSweep';

let server: TestServer;
let owner: TestClient;
let ownerId: number;
let stranger: TestClient;
const db = () => server.app.services.database.db;
const MINUTE = 60_000;

const ok = async <T>(reply: Promise<Reply<T>>): Promise<T> => dataOf(await reply);
/** The rules of a settings reply, as the update call takes them (delivery per kind apart). */
const rulesOf = ({ delivery: _delivery, ...rules }: AlertSettings) => rules;
const status = (online: boolean, at: number): GatewayStatus => ({ v: 1, kind: 'status', online, at, sig: '' });

let recordSerial = 1;
const record = (recordType: number, lockTime: number, extra: Partial<UploadedRecord> = {}): UploadedRecord => ({
  recordId: String(recordSerial++),
  recordType,
  success: 1,
  username: '',
  lockTime,
  ...extra,
});
const upload = (lockId: number, records: UploadedRecord[]) =>
  ok(owner.call(lockRecord.upload, { lockId, records: JSON.stringify(records) }));

const alertsOf = (kind: string, subject?: { lockId?: number; gatewayId?: number }) =>
  db()
    .select()
    .from(alerts)
    .where(
      and(
        eq(alerts.ownerId, ownerId),
        eq(alerts.kind, kind),
        subject?.lockId ? eq(alerts.lockId, subject.lockId) : undefined,
        subject?.gatewayId ? eq(alerts.gatewayId, subject.gatewayId) : undefined,
      ),
    );

beforeAll(async () => {
  server = await startTestServer();
  ({ client: owner, uid: ownerId } = await loggedInClient(server, 'alerts-owner@example.com'));
  stranger = (await loggedInClient(server, 'alerts-stranger@example.com')).client;
});
afterAll(() => server.close());

describe('alert rules each fire once per condition', () => {
  it('a battery report below the threshold raises one alert; back above it clears it', async () => {
    const lockId = await addLock(owner, 'Battery door');
    const t = Date.now();
    const report = async (battery: number, at: number) => {
      const change = await applyResult(db(), lockId, 'queryState', { battery }, { at, by: 'event' });
      // As the gateway inbox does with every state event it applies.
      if (change) await server.app.services.alerts.lockReported(lockId, change.battery);
    };
    await report(35, t);
    expect(await alertsOf(AlertKind.batteryLow, { lockId })).toHaveLength(0);
    await report(15, t + 1);
    await report(12, t + 2);
    await server.app.services.alertSweep.sweep();
    const raised = await alertsOf(AlertKind.batteryLow, { lockId });
    expect(raised).toHaveLength(1);
    expect(raised[0]?.details).toMatchObject({ battery: 15, threshold: 20 });
    await report(90, t + 3);
    expect((await alertsOf(AlertKind.batteryLow, { lockId }))[0]?.clearedAt).not.toBeNull();
  });

  it('a gateway offline past N minutes raises one alert through the sweep, on its clock, across two instances', async () => {
    const { gatewayId } = await addGateway(owner, 'Hall gateway');
    await applyGatewayStatus(db(), gatewayId, status(true, 1000));
    await applyGatewayStatus(db(), gatewayId, status(false, 1000));
    const wentOffline = Date.now();
    const sweep = server.app.services.alertSweep;
    await sweep.sweep(wentOffline + 9 * MINUTE);
    expect(await alertsOf(AlertKind.gatewayOffline, { gatewayId })).toHaveLength(0);
    // Two instances sweeping at once: one holds the sweep, and the index stores the alert once anyway.
    const other = new AlertSweep(db(), server.app.services.alerts, server.app.log);
    await Promise.all([sweep.sweep(wentOffline + 11 * MINUTE), other.sweep(wentOffline + 11 * MINUTE)]);
    await other.sweep(wentOffline + 12 * MINUTE);
    const raised = await alertsOf(AlertKind.gatewayOffline, { gatewayId });
    expect(raised).toHaveLength(1);
    expect(raised[0]?.details).toMatchObject({ minutes: 10 });
    // Read, it stays the condition's alert while the gateway is offline: no new one.
    await ok(owner.call(alert.read, { alertId: raised[0]?.id as number }));
    await sweep.sweep(wentOffline + 20 * MINUTE);
    expect(await alertsOf(AlertKind.gatewayOffline, { gatewayId })).toHaveLength(1);
    // Back online, the condition ends; offline again past N minutes, a new alert.
    await applyGatewayStatus(db(), gatewayId, status(true, 2000));
    await sweep.sweep(wentOffline + 21 * MINUTE);
    expect((await alertsOf(AlertKind.gatewayOffline, { gatewayId }))[0]?.clearedAt).not.toBeNull();
  });

  it('a lock left unlocked past N minutes raises one alert; locked, it clears', async () => {
    const lockId = await addLock(owner, 'Side door');
    const t = Date.now();
    await applyResult(db(), lockId, 'queryState', { state: LockState.unlocked }, { at: t, by: 'event' });
    const sweep = server.app.services.alertSweep;
    await sweep.sweep(t + 5 * MINUTE);
    expect(await alertsOf(AlertKind.doorLeftOpen, { lockId })).toHaveLength(0);
    await sweep.sweep(t + 11 * MINUTE);
    await sweep.sweep(t + 12 * MINUTE);
    expect(await alertsOf(AlertKind.doorLeftOpen, { lockId })).toHaveLength(1);
    await applyResult(db(), lockId, 'queryState', { state: LockState.locked }, { at: t + 1, by: 'event' });
    await sweep.sweep(t + 13 * MINUTE);
    expect((await alertsOf(AlertKind.doorLeftOpen, { lockId }))[0]?.clearedAt).not.toBeNull();
  });

  it('K wrong passcodes within M minutes of uploaded records raise one alert', async () => {
    const lockId = await addLock(owner, 'Keypad door');
    const t = Date.now() - 60 * MINUTE;
    // Four within five minutes, and one long before: not yet a burst.
    await upload(lockId, [
      record(LockRecordType.wrongPasscode, t - 30 * MINUTE, { success: 0 }),
      ...[0, 1, 2, 3].map((i) => record(LockRecordType.wrongPasscode, t + i * MINUTE, { success: 0 })),
    ]);
    expect(await alertsOf(AlertKind.wrongPasscodes, { lockId })).toHaveLength(0);
    await upload(lockId, [record(LockRecordType.wrongPasscode, t + 4 * MINUTE, { success: 0 })]);
    await upload(lockId, [record(LockRecordType.wrongPasscode, t + 4 * MINUTE + 1000, { success: 0 })]);
    const raised = await alertsOf(AlertKind.wrongPasscodes, { lockId });
    expect(raised).toHaveLength(1);
    expect(raised[0]?.details).toMatchObject({ count: 5, minutes: 5 });
  });

  it('an unlock in the quiet hours of the lock’s own time zone raises an alert; the same minute elsewhere does not', async () => {
    const lockId = await addLock(owner, 'Shop door');
    // The lock is at UTC+8; quiet hours 22:00–06:00 of its day.
    await db()
      .update(locks)
      .set({ timezoneRawOffset: 8 * 60 * MINUTE })
      .where(eq(locks.id, lockId));
    const settings = await ok(owner.call(alert.getSettings, {}));
    expect(settings).toMatchObject({ batteryPercent: 20, gatewayOfflineMinutes: 10, wrongPasscodeCount: 5 });
    await ok(owner.call(alert.updateSettings, { ...rulesOf(settings), quietStart: 22 * 60, quietEnd: 6 * 60 }));
    const day = Date.UTC(2026, 10, 20);
    // 12:00 UTC is 20:00 at the lock (not quiet); 15:30 UTC is 23:30 there (quiet).
    await upload(lockId, [record(LockRecordType.passcodeUnlock, day + 12 * 60 * MINUTE)]);
    expect(await alertsOf(AlertKind.quietHoursUnlock, { lockId })).toHaveLength(0);
    await upload(lockId, [
      record(LockRecordType.passcodeUnlock, day + (15 * 60 + 30) * MINUTE),
      record(LockRecordType.cardUnlock, day + (15 * 60 + 40) * MINUTE),
    ]);
    const raised = await alertsOf(AlertKind.quietHoursUnlock, { lockId });
    expect(raised).toHaveLength(1);
    expect(raised[0]?.details).toMatchObject({ at: day + (15 * 60 + 30) * MINUTE });
  });

  it('a tamper record raises one open alert until it is read; read, the next one is new', async () => {
    const lockId = await addLock(owner, 'Back gate');
    const t = Date.now() - MINUTE;
    await upload(lockId, [record(LockRecordType.tamperAlert, t), record(LockRecordType.tamperAlert, t + 1)]);
    const first = await alertsOf(AlertKind.tamper, { lockId });
    expect(first).toHaveLength(1);
    await ok(owner.call(alert.read, { alertId: first[0]?.id as number }));
    await upload(lockId, [record(LockRecordType.forcedOpenAlert, t + 2)]);
    expect(await alertsOf(AlertKind.tamper, { lockId })).toHaveLength(2);
  });
});

describe('the notification centre', () => {
  it('lists the account’s alerts by kind with the unread count, marks read and all read', async () => {
    const page = await ok(owner.call(alert.list, { pageSize: 50 }));
    expect(page.total).toBeGreaterThanOrEqual(6);
    expect(page.unread).toBe((await ok(owner.call(alert.unreadCount, {}))).unread);
    const tamper = await ok(owner.call(alert.list, { kind: AlertKind.tamper }));
    expect(tamper.list.every((a) => a.kind === AlertKind.tamper && a.lockAlias === 'Back gate')).toBe(true);
    expect((await ok(owner.call(alert.readAll, { kind: AlertKind.tamper }))).unread).toBe(page.unread - 1);
    expect((await ok(owner.call(alert.readAll, {}))).unread).toBe(0);
  });

  it('a stranger cannot read or mark another account’s alerts: the same reply as an alert that does not exist', async () => {
    const [mine] = await alertsOf(AlertKind.tamper);
    const theirs = await stranger.call(alert.read, { alertId: mine?.id as number });
    const missing = await stranger.call(alert.read, { alertId: 2_000_000_000 });
    expect(theirs.body.errorCode).not.toBe(0);
    expect({ ...theirs.body, description: '' }).toEqual({ ...missing.body, description: '' });
    expect(theirs.status).toBe(missing.status);
    expect((await ok(stranger.call(alert.list, {}))).total).toBe(0);
  });

  it('refuses bad settings with a catalogue error and changes nothing', async () => {
    const before = await ok(owner.call(alert.getSettings, {}));
    const reply = await owner.call(alert.updateSettings, { ...rulesOf(before), batteryPercent: 0 });
    expect(reply.body.errorCode).not.toBe(0);
    expect(await ok(owner.call(alert.getSettings, {}))).toEqual(before);
  });
});

describe('delivery by email or SMS', () => {
  it('sends by email, and by SMS with one paid unit each, skipping SMS with a note when no unit is left', async () => {
    await db().update(users).set({ mobile: '+8613800138000', locale: 'de_DE' }).where(eq(users.id, ownerId));
    const settings = await ok(owner.call(alert.getSettings, {}));
    await ok(owner.call(alert.updateSettings, { ...rulesOf(settings), tamper: 'email', wrongPasscodes: 'sms' }));
    const lockId = await addLock(owner, 'Garage');
    const t = Date.now() - MINUTE;
    await upload(lockId, [record(LockRecordType.tamperAlert, t)]);
    const mails = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'alert'), eq(outbox.recipient, 'alerts-owner@example.com')));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Alarm: Manipulationsalarm — Garage');
    expect(mails[0]?.locale).toBe('de_DE');

    await addUnits(db(), ownerId, ServiceType.sms, 1);
    const burst = (base: number) =>
      [0, 1, 2, 3, 4].map((i) => record(LockRecordType.wrongPasscode, base + i * 1000, { success: 0 }));
    await upload(lockId, burst(t - 20 * MINUTE));
    const sms = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'alert'), eq(outbox.recipient, '+8613800138000')));
    expect(sms).toHaveLength(1);
    expect(sms[0]?.body).toContain('Falsche Passcodes');
    expect(await balanceOf(db(), ownerId, ServiceType.sms)).toBe(0);
    const [first] = await alertsOf(AlertKind.wrongPasscodes, { lockId });
    expect(first?.delivery).toBe('sms');

    // No unit left: the next burst's alert is kept, its SMS skipped and said so.
    await ok(owner.call(alert.read, { alertId: first?.id as number }));
    await upload(lockId, burst(t - 40 * MINUTE));
    const rows = await alertsOf(AlertKind.wrongPasscodes, { lockId });
    expect(rows.map((r) => r.delivery).sort()).toEqual(['sms', 'smsNoUnits']);
    const page = await ok(owner.call(alert.list, { kind: AlertKind.wrongPasscodes, unreadOnly: 1 }));
    expect(page.list.map((a) => a.delivery)).toContain('smsNoUnits');
  });

  it('tells the listeners (the webhook hook point) of each alert raised, once', async () => {
    const heard: string[] = [];
    server.app.services.alerts.onRaised((raised) => {
      heard.push(`${raised.kind}:${raised.lockId}`);
    });
    const lockId = await addLock(owner, 'Loading bay');
    await upload(lockId, [record(LockRecordType.tamperAlert, Date.now() - MINUTE)]);
    await upload(lockId, [record(LockRecordType.tamperAlert, Date.now() - MINUTE + 5)]);
    expect(heard).toEqual([`tamper:${lockId}`]);
  });

  it('forgets alerts ended more than the retention ago and keeps open and recent ones', async () => {
    const lockId = await addLock(owner, 'Archive door');
    const now = Date.now();
    const day = 86_400_000;
    const old = new Date(now - (ALERT_RETENTION_DAYS + 1) * day);
    const recent = new Date(now - (ALERT_RETENTION_DAYS - 1) * day);
    const base = { ownerId, lockId, subject: `lock:${lockId}`, details: {} };
    const stored = await db()
      .insert(alerts)
      .values([
        { ...base, kind: AlertKind.tamper, raisedAt: old, clearedAt: old },
        { ...base, kind: AlertKind.quietHoursUnlock, raisedAt: recent, clearedAt: recent },
        { ...base, kind: AlertKind.wrongPasscodes, raisedAt: old },
      ])
      .returning({ id: alerts.id, kind: alerts.kind });
    await server.app.services.alertSweep.sweep(now);
    const left = await db().select({ kind: alerts.kind }).from(alerts).where(eq(alerts.lockId, lockId));
    expect(left.map((row) => row.kind).sort()).toEqual([AlertKind.quietHoursUnlock, AlertKind.wrongPasscodes]);
    expect(stored).toHaveLength(3);
  });
});
