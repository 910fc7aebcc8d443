import { ALERT_DEFAULTS, AlertKind, LockRecordType, LockState } from '@smartlock/contract';
import { and, count, desc, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { alertSettings, alerts, gateways, lockRecords, locks, users } from '../../db/schema';

/** Any constant: one instance at a time sweeps for alerts. */
export const ALERT_SWEEP_LOCK = 7_301_969;

export type AlertRow = typeof alerts.$inferSelect;
export type AlertSettingsRow = Omit<typeof alertSettings.$inferSelect, 'userId' | 'updatedAt'>;

/** A new alert: the condition it is about and what raised it. */
export interface NewAlert {
  ownerId: number;
  kind: string;
  lockId?: number | null;
  gatewayId?: number | null;
  details: Record<string, number | string>;
}

async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export const subjectOf = (alert: Pick<NewAlert, 'lockId' | 'gatewayId'>): string =>
  alert.gatewayId ? `gateway:${alert.gatewayId}` : `lock:${alert.lockId ?? 0}`;

/**
 * Stores the alert unless one of its kind about the same lock or gateway is still open (not
 * cleared): the partial unique index decides, so instances raising it at once store it once.
 */
export async function insertAlert(db: Executor, alert: NewAlert): Promise<AlertRow | undefined> {
  const [row] = await db
    .insert(alerts)
    .values({
      ownerId: alert.ownerId,
      kind: alert.kind,
      lockId: alert.lockId ?? null,
      gatewayId: alert.gatewayId ?? null,
      subject: subjectOf(alert),
      details: alert.details,
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** The account's settings row, if it has one. */
export async function settingsRowOf(db: Executor, userId: number): Promise<AlertSettingsRow | undefined> {
  const [row] = await db.select().from(alertSettings).where(eq(alertSettings.userId, userId));
  if (!row) return undefined;
  const { userId: _user, updatedAt: _at, ...settings } = row;
  return settings;
}

export async function saveSettings(db: Executor, userId: number, settings: AlertSettingsRow): Promise<void> {
  await db
    .insert(alertSettings)
    .values({ userId, ...settings })
    .onConflictDoUpdate({ target: alertSettings.userId, set: { ...settings, updatedAt: sql`now()` } });
}

/** Where and in which language the account is told: its email, mobile and last language. */
export async function contactOf(
  db: Executor,
  userId: number,
): Promise<{ email: string | null; mobile: string | null; locale: string | null } | undefined> {
  const [row] = await db
    .select({ email: users.email, mobile: users.mobile, locale: users.locale })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return row;
}

export async function setDelivery(db: Executor, alertId: number, delivery: string): Promise<void> {
  await db.update(alerts).set({ delivery }).where(eq(alerts.id, alertId));
}

export async function unreadCountOf(db: Executor, ownerId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(alerts)
    .where(and(eq(alerts.ownerId, ownerId), isNull(alerts.readAt)));
  return Number(row?.n ?? 0);
}

/** A page of the account's alerts, newest first, with the lock's and gateway's names. */
export async function alertPage(
  db: Executor,
  ownerId: number,
  query: { kind?: string | undefined; unreadOnly?: boolean | undefined; pageNo: number; pageSize: number },
) {
  const where = and(
    eq(alerts.ownerId, ownerId),
    query.kind ? eq(alerts.kind, query.kind) : undefined,
    query.unreadOnly ? isNull(alerts.readAt) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(alerts).where(where);
  const list = await db
    .select({
      alert: alerts,
      lockAlias: locks.name,
      lockOwnerId: locks.ownerId,
      gatewayName: gateways.name,
      gatewayOwnerId: gateways.ownerId,
    })
    .from(alerts)
    .leftJoin(locks, eq(locks.id, alerts.lockId))
    .leftJoin(gateways, eq(gateways.id, alerts.gatewayId))
    .where(where)
    .orderBy(desc(alerts.id))
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize);
  return { total: Number(total?.n ?? 0), list };
}

/**
 * Marks the account's alert read (an event's alert — wrong passcodes, quiet hours, tamper — also
 * ends with it: the next one is a new alert); false when the account has no such alert.
 */
export async function markRead(db: Executor, ownerId: number, alertId: number): Promise<boolean> {
  const rows = await db
    .update(alerts)
    .set({
      readAt: sql`coalesce(${alerts.readAt}, now())`,
      clearedAt: sql`case when ${alerts.kind} in (${sql.join(
        EVENT_KINDS.map((k) => sql`${k}`),
        sql`, `,
      )}) then coalesce(${alerts.clearedAt}, now()) else ${alerts.clearedAt} end`,
    })
    .where(and(eq(alerts.id, alertId), eq(alerts.ownerId, ownerId)))
    .returning({ id: alerts.id });
  return rows.length > 0;
}

/** Marks every unread alert of the account (of one kind) read, as markRead does one. */
export async function markAllRead(db: Executor, ownerId: number, kind?: string): Promise<void> {
  await db
    .update(alerts)
    .set({
      readAt: sql`now()`,
      clearedAt: sql`case when ${alerts.kind} in (${sql.join(
        EVENT_KINDS.map((k) => sql`${k}`),
        sql`, `,
      )}) then coalesce(${alerts.clearedAt}, now()) else ${alerts.clearedAt} end`,
    })
    .where(and(eq(alerts.ownerId, ownerId), isNull(alerts.readAt), kind ? eq(alerts.kind, kind) : undefined));
}

/** Alerts about an event rather than a lasting condition: read, they end. */
export const EVENT_KINDS: readonly string[] = [AlertKind.wrongPasscodes, AlertKind.quietHoursUnlock, AlertKind.tamper];

/** Ends the open alert of a kind about a lock or gateway (its condition is over). */
export async function clearAlert(db: Executor, alert: Pick<NewAlert, 'ownerId' | 'kind' | 'lockId' | 'gatewayId'>) {
  await db
    .update(alerts)
    .set({ clearedAt: sql`now()` })
    .where(
      and(
        eq(alerts.ownerId, alert.ownerId),
        eq(alerts.kind, alert.kind),
        eq(alerts.subject, subjectOf(alert)),
        isNull(alerts.clearedAt),
      ),
    );
}

/** How many wrong passcodes the lock recorded in the window (lock times) ending at `until`. */
export async function wrongPasscodesIn(db: Executor, lockId: number, from: Date, until: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(lockRecords)
    .where(
      and(
        eq(lockRecords.lockId, lockId),
        eq(lockRecords.recordType, LockRecordType.wrongPasscode),
        gt(lockRecords.lockDate, from),
        sql`${lockRecords.lockDate} <= ${until}`,
      ),
    );
  return Number(row?.n ?? 0);
}

/** What the rules need of a lock: its owner, time zone, battery. */
export async function lockForAlerts(db: Executor, lockId: number) {
  const [row] = await db
    .select({
      id: locks.id,
      ownerId: locks.ownerId,
      timezoneRawOffset: locks.timezoneRawOffset,
      battery: locks.battery,
    })
    .from(locks)
    .where(eq(locks.id, lockId));
  return row;
}

/** A setting with its default when the account has no row. */
const setting = (column: string, fallback: number) => sql.raw(`coalesce(s.${column}, ${fallback})`);

/**
 * The sweep's conditions, each stored as an alert unless one is open: gateways offline for
 * longer than their owner's minutes, locks reported unlocked for longer than theirs (not in
 * passage mode), locks whose battery is below the threshold. `now` is the sweep's clock.
 */
export async function raiseLasting(db: Executor, now: Date): Promise<AlertRow[]> {
  const at = now.toISOString();
  const gatewayRows = await rowsOf<{ id: number }>(
    db,
    sql`insert into alerts (owner_id, kind, gateway_id, subject, details)
      select g.owner_id, ${AlertKind.gatewayOffline}, g.id, 'gateway:' || g.id,
        jsonb_build_object('minutes', ${setting('gateway_offline_minutes', ALERT_DEFAULTS.gatewayOfflineMinutes)},
          'since', (extract(epoch from g.last_seen_at) * 1000)::bigint)
      from gateways g left join alert_settings s on s.user_id = g.owner_id
      where g.online = 0 and g.last_seen_at is not null
        and g.last_seen_at <= ${at}::timestamptz - make_interval(mins => ${setting('gateway_offline_minutes', ALERT_DEFAULTS.gatewayOfflineMinutes)})
      on conflict do nothing returning id`,
  );
  const doorRows = await rowsOf<{ id: number }>(
    db,
    sql`insert into alerts (owner_id, kind, lock_id, subject, details)
      select l.owner_id, ${AlertKind.doorLeftOpen}, l.id, 'lock:' || l.id,
        jsonb_build_object('minutes', ${setting('door_open_minutes', ALERT_DEFAULTS.doorOpenMinutes)}, 'since', l.state_at)
      from locks l left join alert_settings s on s.user_id = l.owner_id
      where l.state = ${LockState.unlocked} and l.state_at > 0 and coalesce((l.passage_mode->>'passageMode')::int, 2) <> 1
        and l.state_at <= ${now.getTime()}::bigint - ${setting('door_open_minutes', ALERT_DEFAULTS.doorOpenMinutes)}::bigint * 60000
      on conflict do nothing returning id`,
  );
  const batteryRows = await rowsOf<{ id: number }>(
    db,
    sql`insert into alerts (owner_id, kind, lock_id, subject, details)
      select l.owner_id, ${AlertKind.batteryLow}, l.id, 'lock:' || l.id,
        jsonb_build_object('battery', l.battery, 'threshold', ${setting('battery_percent', ALERT_DEFAULTS.batteryPercent)})
      from locks l left join alert_settings s on s.user_id = l.owner_id
      where l.battery < ${setting('battery_percent', ALERT_DEFAULTS.batteryPercent)}
      on conflict do nothing returning id`,
  );
  const ids = [...gatewayRows, ...doorRows, ...batteryRows].map((r) => Number(r.id));
  if (ids.length === 0) return [];
  return db
    .select()
    .from(alerts)
    .where(
      sql`${alerts.id} in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    )
    .orderBy(alerts.id);
}

/** Ends the open lasting alerts whose condition is over: gateway back online, lock locked, battery back. */
export async function clearEnded(db: Executor): Promise<void> {
  await db.execute(sql`update alerts a set cleared_at = now()
    from gateways g where a.cleared_at is null and a.kind = ${AlertKind.gatewayOffline} and g.id = a.gateway_id and g.online = 1`);
  await db.execute(sql`update alerts a set cleared_at = now()
    from locks l where a.cleared_at is null and a.kind = ${AlertKind.doorLeftOpen} and l.id = a.lock_id and l.state <> ${LockState.unlocked}`);
  await db.execute(sql`update alerts a set cleared_at = now()
    from locks l left join alert_settings s on s.user_id = l.owner_id
    where a.cleared_at is null and a.kind = ${AlertKind.batteryLow} and l.id = a.lock_id
      and l.battery >= ${setting('battery_percent', ALERT_DEFAULTS.batteryPercent)}`);
}

/**
 * Retention: forgets up to `batch` alerts raised before `before` whose condition ended (cleared,
 * or read for an event); an open alert is kept however old. How many went.
 */
export async function pruneAlerts(db: Executor, before: Date, batch: number): Promise<number> {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`delete from alerts where id in (
      select id from alerts where cleared_at is not null and raised_at < ${before.toISOString()}::timestamptz
      order by id limit ${batch}) returning id`,
  );
  return rows.length;
}

/**
 * Runs `step` in a transaction holding the sweep's advisory lock; false (nothing run) when
 * another instance is sweeping.
 */
export async function underSweepLock<T>(db: Db, step: (tx: Executor) => Promise<T>): Promise<T | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await rowsOf<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${ALERT_SWEEP_LOCK}::bigint) as locked`,
    );
    if (!row?.locked) return undefined;
    return step(tx);
  });
}

/** The lock's or gateway's name (and the lock's timezone offset) an alert is about. */
export async function placeOf(
  db: Executor,
  alert: Pick<AlertRow, 'lockId' | 'gatewayId'>,
): Promise<{ name: string; timezoneRawOffset: number }> {
  if (alert.gatewayId) {
    const [row] = await db.select({ name: gateways.name }).from(gateways).where(eq(gateways.id, alert.gatewayId));
    return { name: row?.name ?? '', timezoneRawOffset: 0 };
  }
  const [row] = await db
    .select({ name: locks.name, timezoneRawOffset: locks.timezoneRawOffset })
    .from(locks)
    .where(eq(locks.id, alert.lockId ?? 0));
  return row ?? { name: '', timezoneRawOffset: 0 };
}
