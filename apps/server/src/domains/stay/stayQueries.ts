import { and, asc, count, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { locks, passcodes, stayCredentials, stayFeeds, stays } from '../../db/schema';

export type StayRow = typeof stays.$inferSelect;
export type NewStay = typeof stays.$inferInsert;
export type StayCredentialRow = typeof stayCredentials.$inferSelect;
type PasscodeRow = typeof passcodes.$inferSelect;

/** A stay's credential with its lock's name and its passcode, if one was issued. */
export interface CredentialListed {
  credential: StayCredentialRow;
  lockName: string;
  timezoneRawOffset: number;
  passcode: PasscodeRow | null;
}

export async function staysOfFeed(db: Executor, feedId: number): Promise<StayRow[]> {
  return db.select().from(stays).where(eq(stays.feedId, feedId)).orderBy(asc(stays.checkIn), asc(stays.id));
}

export async function insertStay(db: Executor, values: NewStay): Promise<StayRow> {
  const [row] = await db.insert(stays).values(values).returning();
  if (!row) throw new Error('stay insert returned nothing');
  return row;
}

export async function updateStay(db: Executor, stayId: number, values: Partial<NewStay>): Promise<void> {
  await db
    .update(stays)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(stays.id, stayId));
}

/** A stay's credentials start over: one per lock, none issued yet. */
export async function resetCredentials(db: Executor, stayId: number, lockIds: number[]): Promise<void> {
  await db.delete(stayCredentials).where(eq(stayCredentials.stayId, stayId));
  if (lockIds.length > 0) await db.insert(stayCredentials).values(lockIds.map((lockId) => ({ stayId, lockId })));
}

export async function setCredential(
  db: Executor,
  stayId: number,
  lockId: number,
  values: Partial<Pick<StayCredentialRow, 'passcodeId' | 'qrCredentialId' | 'errorKey' | 'errorParams'>>,
): Promise<void> {
  await db
    .update(stayCredentials)
    .set(values)
    .where(and(eq(stayCredentials.stayId, stayId), eq(stayCredentials.lockId, lockId)));
}

/** The credentials of these stays, by stay, with their locks' names and passcodes. */
export async function credentialsOfStays(db: Executor, stayIds: number[]): Promise<Map<number, CredentialListed[]>> {
  const byStay = new Map<number, CredentialListed[]>();
  if (stayIds.length === 0) return byStay;
  const rows = await db
    .select({
      credential: stayCredentials,
      lockName: locks.name,
      timezoneRawOffset: locks.timezoneRawOffset,
      passcode: passcodes,
    })
    .from(stayCredentials)
    .innerJoin(locks, eq(locks.id, stayCredentials.lockId))
    .leftJoin(passcodes, eq(passcodes.id, stayCredentials.passcodeId))
    .where(inArray(stayCredentials.stayId, stayIds))
    .orderBy(asc(stayCredentials.lockId));
  for (const row of rows) {
    const list = byStay.get(row.credential.stayId) ?? [];
    list.push(row);
    byStay.set(row.credential.stayId, list);
  }
  return byStay;
}

/** Another live stay with a credential on one of these locks whose window overlaps this one (any feed). */
export async function overlappingStays(
  db: Executor,
  stay: { id: number; validFrom: Date; validTo: Date },
  lockIds: number[],
): Promise<StayRow[]> {
  if (lockIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ stay: stays })
    .from(stays)
    .innerJoin(stayCredentials, eq(stayCredentials.stayId, stays.id))
    .where(
      and(
        inArray(stayCredentials.lockId, lockIds),
        ne(stays.id, stay.id),
        eq(stays.state, 'live'),
        lt(stays.validFrom, stay.validTo),
        gt(stays.validTo, stay.validFrom),
      ),
    );
  return rows.map((r) => r.stay);
}

/** A stay with its feed, when the stay is one of the account's feeds' (else undefined, for any stay). */
export async function ownedStay(
  db: Executor,
  ownerId: number,
  stayId: number,
): Promise<{ stay: StayRow; feed: typeof stayFeeds.$inferSelect } | undefined> {
  const [row] = await db
    .select({ stay: stays, feed: stayFeeds })
    .from(stays)
    .innerJoin(stayFeeds, eq(stayFeeds.id, stays.feedId))
    .where(and(eq(stays.id, stayId), eq(stayFeeds.ownerId, ownerId)));
  return row;
}

/** The state filter of the list, in the table's terms at `now`. */
function stateCondition(state: string | undefined, now: Date) {
  switch (state) {
    case 'upcoming':
      return and(eq(stays.state, 'live'), gt(stays.validFrom, now));
    case 'active':
      return and(eq(stays.state, 'live'), sql`${stays.validFrom} <= ${now}`, gt(stays.validTo, now));
    case 'ended':
      return and(eq(stays.state, 'live'), sql`${stays.validTo} <= ${now}`);
    case 'cancelled':
    case 'failed':
      return eq(stays.state, state);
    default:
      return undefined;
  }
}

/** A page of the account's feeds' stays (of one feed or lock when given), by check-in; and how many. */
export async function staysOfOwner(
  db: Executor,
  ownerId: number,
  query: { feedId?: number | undefined; lockId?: number | undefined; state?: string | undefined; now: Date },
  page: { offset: number; limit: number },
): Promise<{ rows: StayRow[]; total: number }> {
  const onLock =
    query.lockId === undefined
      ? undefined
      : inArray(
          stays.id,
          db
            .select({ id: stayCredentials.stayId })
            .from(stayCredentials)
            .where(eq(stayCredentials.lockId, query.lockId)),
        );
  const where = and(
    eq(stayFeeds.ownerId, ownerId),
    query.feedId === undefined ? undefined : eq(stays.feedId, query.feedId),
    onLock,
    stateCondition(query.state, query.now),
  );
  const rows = await db
    .select({ stay: stays })
    .from(stays)
    .innerJoin(stayFeeds, eq(stayFeeds.id, stays.feedId))
    .where(where)
    .orderBy(asc(stays.checkIn), asc(stays.id))
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await db
    .select({ n: count() })
    .from(stays)
    .innerJoin(stayFeeds, eq(stayFeeds.id, stays.feedId))
    .where(where);
  return { rows: rows.map((r) => r.stay), total: total?.n ?? 0 };
}

/** Live passcodes (not deleted) of these stays' credentials, for revoking them. */
export async function passcodeIdsOfFeed(db: Executor, feedId: number): Promise<{ passcodeId: number }[]> {
  const rows = await db
    .select({ passcodeId: stayCredentials.passcodeId })
    .from(stayCredentials)
    .innerJoin(stays, eq(stays.id, stayCredentials.stayId))
    .where(eq(stays.feedId, feedId));
  return rows.filter((r): r is { passcodeId: number } => r.passcodeId !== null);
}

/** Deletes up to `batch` stays whose window ended before `before` (their credentials' rows go with them); how many. */
export async function pruneStays(db: Executor, before: Date, batch: number): Promise<number> {
  const rows = await db
    .delete(stays)
    .where(
      inArray(
        stays.id,
        db.select({ id: stays.id }).from(stays).where(lt(stays.validTo, before)).orderBy(asc(stays.id)).limit(batch),
      ),
    )
    .returning({ id: stays.id });
  return rows.length;
}
