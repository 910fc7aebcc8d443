import { type EKeyItem, EKeyStatus, EKeyType, ValidityType } from '@smartlock/contract';
import { and, desc, eq, inArray, isNotNull, isNull, lte, max, ne, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '../../db/client';
import { pageAndCount, preparedStatement, preparedWithSearch } from '../../db/prepared';
import { ekeys, faceIdentifications, locks, users } from '../../db/schema';
import { pageOf } from '../../http/paging';
import { lockSubsetCondition } from '../lock/lockQueries';
import { revocationColumns } from './ekeyRevocationQueries';
import { ENDED_EKEY_STATUSES, GONE_EKEY_STATUSES, IN_FORCE_EKEY_STATUSES } from './ekeyStatus';

export type EKeyRow = typeof ekeys.$inferSelect;

/** Statuses a key leaves for "overdue" once its validity has ended. */
const LAPSING = [EKeyStatus.normal, EKeyStatus.waitingAccept, EKeyStatus.updating] as const;

/** Marks keys whose validity has ended overdue (110412): of one lock, or held by one account. */
export async function markOverdue(db: Executor, where: { lockId: number } | { recipientId: number }): Promise<void> {
  const now = new Date();
  if ('lockId' in where) await overdueOfLock(db).execute({ lockId: where.lockId, now });
  else await overdueOfRecipient(db).execute({ recipientId: where.recipientId, now });
}

/** The keys in `scope` whose validity ended by the placeholder `now` become overdue. */
function markingOverdue(db: Executor, scope: SQL, name: string) {
  return db
    .update(ekeys)
    .set({ status: EKeyStatus.overdue, updatedAt: sql`${sql.placeholder('now')}` })
    .where(
      and(
        scope,
        inArray(ekeys.status, [...LAPSING]),
        ne(ekeys.validityType, ValidityType.permanent),
        isNotNull(ekeys.endDate),
        lte(ekeys.endDate, sql.placeholder('now')),
      ),
    )
    .prepare(name);
}

/** Run before every eKey list of a lock (and every sync of an account's keys): prepared. */
const overdueOfLock = preparedStatement((db) =>
  markingOverdue(db, eq(ekeys.lockId, sql.placeholder('lockId')), 'ekey_overdue_of_lock'),
);
const overdueOfRecipient = preparedStatement((db) =>
  markingOverdue(db, eq(ekeys.recipientId, sql.placeholder('recipientId')), 'ekey_overdue_of_recipient'),
);

const recipient = alias(users, 'recipient');
const sender = alias(users, 'sender');

const accountOf = (user: { email: string | null; mobile: string | null } | null) => user?.email ?? user?.mobile ?? '';

export function presentEKey(
  key: EKeyRow,
  lockName: string,
  people: {
    recipient: { email: string | null; mobile: string | null; nickname: string } | null;
    sender: { email: string | null; mobile: string | null } | null;
  },
): EKeyItem {
  return {
    keyId: key.id,
    lockId: key.lockId,
    lockName,
    username: people.recipient ? accountOf(people.recipient) : key.recipientAccount,
    nickname: people.recipient?.nickname ?? '',
    senderUsername: accountOf(people.sender),
    keyName: key.keyName,
    remarks: key.remarks,
    date: key.createdAt.getTime(),
    validityType: key.validityType,
    keyType: key.validityType === ValidityType.cyclic ? EKeyType.cyclic : EKeyType.normal,
    startDate: key.startDate?.getTime() ?? null,
    endDate: key.endDate?.getTime() ?? null,
    cycle: key.cycle ?? null,
    keyStatus: key.status,
    remoteEnable: key.remoteEnable === 1,
    keyRight: key.keyRight,
  };
}

/** A lock's keys, newest first, searchable by recipient account, nickname or key name. */
export async function listLockKeys(
  db: Db,
  lockId: number,
  query: { searchStr?: string | undefined; pageNo: number; pageSize: number },
) {
  await markOverdue(db, { lockId });
  const listing = keyListing(db, Boolean(query.searchStr));
  const { rows, total } = await pageAndCount(listing, query.searchStr, query, { lockId });
  return pageOf(
    rows.map((r) => presentEKey(r.key, r.lockName, { recipient: r.recipient, sender: r.sender })),
    total,
    query.pageNo,
    query.pageSize,
  );
}

/**
 * The list's page and count, run on every visit of the eKey screen: prepared. The count joins the
 * recipient's account only for a search (its nickname), so the plain count is read from the
 * listed-keys index alone.
 */
const keyListing = preparedWithSearch((db, searching) => {
  const pattern = sql.placeholder('pattern');
  const where = and(
    eq(ekeys.lockId, sql.placeholder('lockId')),
    notInArray(ekeys.status, [...GONE_EKEY_STATUSES]),
    searching
      ? or(
          sql`${ekeys.recipientAccount} ilike ${pattern}`,
          sql`${ekeys.keyName} ilike ${pattern}`,
          sql`${recipient.nickname} ilike ${pattern}`,
        )
      : undefined,
  );
  const shape = searching ? '_search' : '';
  let counted = db.select({ n: sql<number>`count(*)::int` }).from(ekeys).$dynamic();
  if (searching) counted = counted.leftJoin(recipient, eq(recipient.id, ekeys.recipientId));
  return {
    page: db
      .select({
        key: ekeys,
        lockName: locks.name,
        // The accounts' names only (a key's holder and sender, or null when not registered).
        recipient: { id: recipient.id, email: recipient.email, mobile: recipient.mobile, nickname: recipient.nickname },
        sender: { id: sender.id, email: sender.email, mobile: sender.mobile },
      })
      .from(ekeys)
      .innerJoin(locks, eq(locks.id, ekeys.lockId))
      .leftJoin(recipient, eq(recipient.id, ekeys.recipientId))
      .leftJoin(sender, eq(sender.id, ekeys.senderId))
      .where(where)
      .orderBy(desc(ekeys.createdAt), desc(ekeys.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(`ekey_page${shape}`),
    count: counted.where(where).prepare(`ekey_count${shape}`),
  };
});

/** Whether the user holds a key of the lock (any not on its way out). */
export async function holdsKey(db: Executor, userId: number, lockId: number): Promise<boolean> {
  const [key] = await db
    .select({ id: ekeys.id })
    .from(ekeys)
    .where(
      and(eq(ekeys.lockId, lockId), eq(ekeys.recipientId, userId), notInArray(ekeys.status, [...ENDED_EKEY_STATUSES])),
    )
    .limit(1);
  return key !== undefined;
}

/** A key by its id, whatever its status. */
export async function findEKey(db: Executor, keyId: number): Promise<EKeyRow | undefined> {
  const [key] = await db.select().from(ekeys).where(eq(ekeys.id, keyId));
  return key;
}

/** Writes a new key; a second live key of the recipient on the lock is a unique violation. */
export async function insertEKey(db: Executor, values: typeof ekeys.$inferInsert): Promise<EKeyRow> {
  const [row] = await db.insert(ekeys).values(values).returning();
  if (!row) throw new Error('eKey insert returned nothing');
  return row;
}

/** The keys of a lock sent to an account (by its id or by its account name) that have not ended. */
export async function liveKeysSentTo(
  db: Executor,
  lockId: number,
  recipient: { userId: number; account: string },
): Promise<EKeyRow[]> {
  return db
    .select()
    .from(ekeys)
    .where(
      and(
        eq(ekeys.lockId, lockId),
        or(eq(ekeys.recipientId, recipient.userId), eq(ekeys.recipientAccount, recipient.account)),
        notInArray(ekeys.status, [...ENDED_EKEY_STATUSES]),
      ),
    );
}

/** The ids of a lock's keys that have not ended; only those one account sent, when `sentBy` is given. */
export async function liveKeyIdsOfLock(db: Executor, lockId: number, sentBy?: number): Promise<number[]> {
  const where: SQL[] = [eq(ekeys.lockId, lockId), notInArray(ekeys.status, [...ENDED_EKEY_STATUSES])];
  if (sentBy !== undefined) where.push(eq(ekeys.senderId, sentBy));
  const rows = await db
    .select({ id: ekeys.id })
    .from(ekeys)
    .where(and(...where));
  return rows.map((row) => row.id);
}

/** Whether the account has sent any key for the lock (in whatever status). */
export async function hasSentKeyFor(db: Executor, userId: number, lockId: number): Promise<boolean> {
  const [sent] = await db
    .select({ id: ekeys.id })
    .from(ekeys)
    .where(and(eq(ekeys.lockId, lockId), eq(ekeys.senderId, userId)))
    .limit(1);
  return sent !== undefined;
}

/**
 * Moves a key from the status it was read in to `to` (nothing when it has moved since);
 * `revoke` raises its version, so the lock refuses the old credential.
 */
export async function moveKeyStatus(
  db: Executor,
  key: Pick<EKeyRow, 'id' | 'status'>,
  to: string,
  revoke: boolean,
): Promise<void> {
  await db
    .update(ekeys)
    .set({ status: to, updatedAt: new Date(), ...(revoke ? revocationColumns(false) : {}) })
    .where(and(eq(ekeys.id, key.id), eq(ekeys.status, key.status)));
}

/**
 * Moves the keys an account sent (on one lock when given) from one status to `to`, only the
 * unclaimed ones when `unclaimed`; `revoke` raises their versions. Answers the keys moved.
 */
export async function moveSentKeys(
  db: Executor,
  scope: { senderId: number; lockId: number | undefined; status: string; unclaimed?: boolean },
  to: string,
  revoke: boolean,
): Promise<number[]> {
  const where: SQL[] = [eq(ekeys.senderId, scope.senderId), eq(ekeys.status, scope.status)];
  if (scope.unclaimed) where.push(isNull(ekeys.recipientId));
  if (scope.lockId !== undefined) where.push(eq(ekeys.lockId, scope.lockId));
  // An API key limited to some locks changes the keys of those locks only.
  const subset = lockSubsetCondition(ekeys.lockId);
  if (subset) where.push(subset);
  const rows = await db
    .update(ekeys)
    .set({ status: to, updatedAt: new Date(), ...(revoke ? revocationColumns(false) : {}) })
    .where(and(...where))
    .returning({ id: ekeys.id });
  return rows.map((row) => row.id);
}

/** A key's name, remarks and remote unlock, those given. */
export async function updateKeyDetails(
  db: Executor,
  keyId: number,
  changes: { keyName?: string | undefined; remarks?: string | undefined; remoteEnable?: boolean | undefined },
): Promise<void> {
  await db
    .update(ekeys)
    .set({
      ...(changes.keyName !== undefined ? { keyName: changes.keyName } : {}),
      ...(changes.remarks !== undefined ? { remarks: changes.remarks } : {}),
      ...(changes.remoteEnable !== undefined ? { remoteEnable: changes.remoteEnable ? 1 : 0 } : {}),
      updatedAt: new Date(),
    })
    .where(eq(ekeys.id, keyId));
}

/** Keys sent to the account's email or mobile before it existed become its own; a waiting one becomes normal. */
export async function claimKeysSentTo(db: Executor, userId: number, accounts: string[]): Promise<void> {
  await db
    .update(ekeys)
    .set({ recipientId: userId, updatedAt: new Date() })
    .where(
      and(
        isNull(ekeys.recipientId),
        inArray(ekeys.recipientAccount, accounts),
        notInArray(ekeys.status, [...GONE_EKEY_STATUSES]),
      ),
    );
  await db
    .update(ekeys)
    .set({ status: EKeyStatus.normal })
    .where(and(eq(ekeys.recipientId, userId), eq(ekeys.status, EKeyStatus.waitingAccept)));
}

/** Moves the keys the account holds from one status to another. */
export async function moveHeldKeys(db: Executor, userId: number, from: string, to: string): Promise<void> {
  await db
    .update(ekeys)
    .set({ status: to, updatedAt: new Date() })
    .where(and(eq(ekeys.recipientId, userId), eq(ekeys.status, from)));
}

/** The keys the account holds (not gone), each with its lock and its sender, by lock name. */
export async function keysHeldBy(db: Executor, userId: number) {
  return db
    .select({ key: ekeys, lock: locks, sender: users })
    .from(ekeys)
    .innerJoin(locks, eq(locks.id, ekeys.lockId))
    .leftJoin(users, eq(users.id, ekeys.senderId))
    .where(and(eq(ekeys.recipientId, userId), notInArray(ekeys.status, [...GONE_EKEY_STATUSES])))
    .orderBy(locks.name, ekeys.id);
}

/** One key the account holds that is in force, with its lock. */
export async function heldKeyInForce(db: Executor, userId: number, keyId: number) {
  const [row] = await db
    .select({ key: ekeys, lock: locks })
    .from(ekeys)
    .innerJoin(locks, eq(locks.id, ekeys.lockId))
    .where(and(eq(ekeys.id, keyId), eq(ekeys.recipientId, userId), inArray(ekeys.status, [...IN_FORCE_EKEY_STATUSES])));
  return row;
}

/** The last face identification of each key (ms), for keys that had one. */
export async function lastIdentifications(db: Executor, keyIds: number[]): Promise<Map<number, number>> {
  if (keyIds.length === 0) return new Map();
  const rows = await db
    .select({ keyId: faceIdentifications.keyId, at: max(faceIdentifications.createdAt) })
    .from(faceIdentifications)
    .where(inArray(faceIdentifications.keyId, keyIds))
    .groupBy(faceIdentifications.keyId);
  return new Map(rows.map((row) => [row.keyId, row.at ? new Date(row.at).getTime() : 0]));
}

/** Records a key holder's face identification, paid by `payerId`. */
export async function recordFaceIdentification(
  db: Executor,
  values: { keyId: number; lockId: number; userId: number; payerId: number; createdAt: Date },
): Promise<void> {
  await db.insert(faceIdentifications).values(values);
}
