import { AlertKind, type AlertSettings, LockRecordType } from '@smartlock/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { ApiError } from '../../http/apiError';
import type { LiveHub } from '../../live/liveHub';
import type { IntakeLock } from '../lockRecord/lockRecordIntake';
import type { StoredRecordRow } from '../lockRecord/lockRecordQueries';
import type { AlertDeliverer } from './alertDelivery';
import { presentAlert } from './alertPresenter';
import {
  type AlertRow,
  alertPage,
  clearAlert,
  insertAlert,
  lockForAlerts,
  markAllRead,
  markRead,
  type NewAlert,
  placeOf,
  saveSettings,
  settingsRowOf,
  unreadCountOf,
  wrongPasscodesIn,
} from './alertQueries';
import { alertKindOfRecord, deliveryOf, inQuietHours, isUnlock, settingsFromParams, settingsOf } from './alertRules';

/**
 * Told of every alert raised, once, on the instance that stored it (after it is committed): the
 * hook point for webhook events (`alert.raised`). It must not throw; it is awaited.
 */
export type AlertListener = (alert: AlertRow) => void | Promise<void>;

/**
 * Alerts (docs/governance.md, Alerts): raised from what locks report (records, state) and by the
 * sweep, stored once per open condition, told to the owner's consoles live, delivered by email
 * or SMS as the owner chose, and handed to the listeners.
 */
export class AlertService {
  private readonly listeners: AlertListener[] = [];

  constructor(
    private readonly db: Db,
    private readonly live: LiveHub,
    private readonly deliverer: AlertDeliverer,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Subscribes to every alert raised (webhooks: `alert.raised`). */
  onRaised(listener: AlertListener): void {
    this.listeners.push(listener);
  }

  async settingsOf(userId: number): Promise<AlertSettings> {
    return settingsOf(await settingsRowOf(this.db, userId));
  }

  // --- the calls ---

  async list(
    userId: number,
    query: { kind?: string | undefined; unreadOnly?: boolean | undefined; pageNo: number; pageSize: number },
  ) {
    const page = await alertPage(this.db, userId, query);
    return {
      list: page.list.map(presentAlert),
      pageNo: query.pageNo,
      pageSize: query.pageSize,
      pages: Math.ceil(page.total / query.pageSize),
      total: page.total,
      unread: await unreadCountOf(this.db, userId),
    };
  }

  async unreadCount(userId: number): Promise<{ unread: number }> {
    return { unread: await unreadCountOf(this.db, userId) };
  }

  /** Another account's alert answers as one that does not exist. */
  async read(userId: number, alertId: number): Promise<{ unread: number }> {
    if (!(await markRead(this.db, userId, alertId))) throw new ApiError('notFound', {}, 'no such alert');
    return this.announceCount(userId);
  }

  async readAll(userId: number, kind: string | undefined): Promise<{ unread: number }> {
    await markAllRead(this.db, userId, kind);
    return this.announceCount(userId);
  }

  async updateSettings(
    userId: number,
    params: Omit<AlertSettings, 'delivery'> & Record<string, unknown>,
  ): Promise<Record<string, never>> {
    await saveSettings(this.db, userId, settingsFromParams(params));
    return {};
  }

  // --- raising ---

  /** Stores the alert unless its condition already has an open one; then tells, delivers, notifies. */
  async raise(alert: NewAlert): Promise<AlertRow | undefined> {
    const row = await insertAlert(this.db, alert);
    if (row) await this.raised([row]);
    return row;
  }

  /** What follows alerts stored (and committed): the owner's consoles, delivery, the listeners. */
  async raised(rows: AlertRow[]): Promise<void> {
    for (const row of rows) {
      try {
        const unread = await unreadCountOf(this.db, row.ownerId);
        await this.live.publish(row.ownerId, 'alert', { alertId: row.id, kind: row.kind, unread });
        const settings = await this.settingsOf(row.ownerId);
        const channel = deliveryOf(settings, row.kind);
        if (channel !== 'console')
          row.delivery = await this.deliverer.deliver(row, channel, await placeOf(this.db, row));
        for (const listener of this.listeners) await listener(row);
      } catch (err) {
        this.log.warn({ err, alertId: row.id }, 'alert raised but not all of its follow-up done');
      }
    }
  }

  /** A lock reported its state (a gateway's event): low battery raises, battery back clears. */
  async lockReported(lockId: number, battery: number): Promise<void> {
    const lock = await lockForAlerts(this.db, lockId);
    if (!lock) return;
    const { batteryPercent } = await this.settingsOf(lock.ownerId);
    const alert = { ownerId: lock.ownerId, kind: AlertKind.batteryLow, lockId };
    if (battery < batteryPercent) await this.raise({ ...alert, details: { battery, threshold: batteryPercent } });
    else await clearAlert(this.db, alert);
  }

  /**
   * Records just stored for a lock: tamper and alarm records, the lock's own low-battery and
   * door-open alarms, unlocks in the owner's quiet hours (in the lock's time zone), and a burst
   * of wrong passcodes (K within M minutes of lock time, counted over what is stored).
   */
  async recordsStored(lock: IntakeLock, records: StoredRecordRow[]): Promise<void> {
    const settings = await this.settingsOf(lock.ownerId);
    const info = await lockForAlerts(this.db, lock.id);
    if (!info) return;
    const base = { ownerId: lock.ownerId, lockId: lock.id };
    for (const record of records) {
      const kind = alertKindOfRecord(record.recordType);
      const at = record.lockDate.getTime();
      if (kind) {
        await this.raise({
          ...base,
          kind,
          details: {
            recordType: record.recordType,
            at,
            ...(record.battery === null ? {} : { battery: record.battery }),
          },
        });
      }
      if (
        isUnlock(record.recordType, record.success) &&
        inQuietHours(at, info.timezoneRawOffset, settings.quietStart, settings.quietEnd)
      ) {
        await this.raise({
          ...base,
          kind: AlertKind.quietHoursUnlock,
          details: { recordType: record.recordType, at, person: record.person || record.username },
        });
      }
    }
    const wrong = records.filter((r) => r.recordType === LockRecordType.wrongPasscode).map((r) => r.lockDate.getTime());
    if (wrong.length > 0) {
      const until = Math.max(...wrong);
      const minutes = settings.wrongPasscodeMinutes;
      const n = await wrongPasscodesIn(this.db, lock.id, new Date(until - minutes * 60_000), new Date(until));
      if (n >= settings.wrongPasscodeCount) {
        await this.raise({ ...base, kind: AlertKind.wrongPasscodes, details: { count: n, minutes, at: until } });
      }
    }
  }

  private async announceCount(userId: number): Promise<{ unread: number }> {
    const unread = await unreadCountOf(this.db, userId);
    await this.live.publish(userId, 'alert', { alertId: null, kind: null, unread });
    return { unread };
  }
}
