import { and, asc, count, desc, eq, gt, gte, ilike, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { auditChainHeads, auditEntries, ekeys, lockCredentials, locks, passcodes, users } from '../../db/schema';
import { containsPattern, offsetOf } from '../../http/paging';
import { entryHash, GENESIS_HASH, type HashedEntry } from './auditHash';

export type AuditEntryRow = typeof auditEntries.$inferSelect;
/** An entry as a call makes it, before the chain gives it its place. */
export type NewAuditEntry = Omit<HashedEntry, 'seq' | 'prevHash'>;
export type ChainHead = typeof auditChainHeads.$inferSelect;

/** The lock a call names (directly, or through its eKey, passcode or credential) and its owner. */
export async function lockOfTarget(
  db: Executor,
  target: { lockId?: number; keyId?: number; keyboardPwdId?: number; credentialId?: number },
): Promise<{ lockId: number; ownerId: number } | undefined> {
  const lockIdSql: SQL | undefined =
    target.lockId !== undefined
      ? sql`${target.lockId}`
      : target.keyId !== undefined
        ? sql`(select ${ekeys.lockId} from ${ekeys} where ${ekeys.id} = ${target.keyId})`
        : target.keyboardPwdId !== undefined
          ? sql`(select ${passcodes.lockId} from ${passcodes} where ${passcodes.id} = ${target.keyboardPwdId})`
          : target.credentialId !== undefined
            ? sql`(select ${lockCredentials.lockId} from ${lockCredentials} where ${lockCredentials.id} = ${target.credentialId})`
            : undefined;
  if (!lockIdSql) return undefined;
  const [row] = await db
    .select({ lockId: locks.id, ownerId: locks.ownerId })
    .from(locks)
    .where(sql`${locks.id} = ${lockIdSql}`);
  return row;
}

/**
 * Appends an entry to its account's chain, inside the caller's transaction: one statement makes
 * the account's head row if need be and locks it (an upsert that conflicts locks the row it found,
 * and after a concurrent append commits it answers that append's head), so appends to one account
 * take turns (on any number of instances) while other accounts go on; the entry follows the head,
 * the head moves.
 */
export async function appendToChain(tx: Tx, entry: NewAuditEntry): Promise<AuditEntryRow> {
  const [head] = await tx
    .insert(auditChainHeads)
    .values({ accountId: entry.accountId, seq: 0, hash: GENESIS_HASH, anchorSeq: 0, anchorHash: GENESIS_HASH })
    .onConflictDoUpdate({ target: auditChainHeads.accountId, set: { seq: sql`${auditChainHeads.seq}` } })
    .returning({ seq: auditChainHeads.seq, hash: auditChainHeads.hash });
  if (!head) throw new Error('audit chain head missing');
  const placed: HashedEntry = { ...entry, seq: head.seq + 1, prevHash: head.hash };
  const hash = entryHash(placed);
  const [row] = await tx
    .insert(auditEntries)
    .values({ ...placed, hash })
    .returning();
  await tx.update(auditChainHeads).set({ seq: placed.seq, hash }).where(eq(auditChainHeads.accountId, entry.accountId));
  return row as AuditEntryRow;
}

export async function chainHeadOf(db: Executor, accountId: number): Promise<ChainHead | undefined> {
  const [head] = await db.select().from(auditChainHeads).where(eq(auditChainHeads.accountId, accountId));
  return head;
}

/** The account's entries after a seq, in order, at most `limit` (verification reads the chain page by page). */
export function entriesAfter(db: Executor, accountId: number, afterSeq: number, limit: number) {
  return db
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.accountId, accountId), gt(auditEntries.seq, afterSeq)))
    .orderBy(asc(auditEntries.seq))
    .limit(limit);
}

/** Accounts with a chain, in id order after `afterId`, at most `limit`. */
export async function chainAccounts(db: Executor, afterId: number, limit: number): Promise<number[]> {
  const rows = await db
    .select({ accountId: auditChainHeads.accountId })
    .from(auditChainHeads)
    .where(gt(auditChainHeads.accountId, afterId))
    .orderBy(asc(auditChainHeads.accountId))
    .limit(limit);
  return rows.map((row) => row.accountId);
}

export interface AuditListQuery {
  lockId?: number | undefined;
  /** The actor's email or mobile number contains this. */
  actor?: string | undefined;
  startDate?: number | undefined;
  endDate?: number | undefined;
  pageNo: number;
  pageSize: number;
}

/** The actor's account as shown: email, else mobile number. */
const actorAccount = sql<string>`coalesce(${users.email}, ${users.mobile}, '')`;

/**
 * What a user may read: their own account's chain (their locks' trail and their own calls), and
 * the entries of their own actions on other accounts' locks (as an authorized administrator).
 */
export async function listEntries(db: Executor, userId: number, query: AuditListQuery) {
  const where = and(
    or(eq(auditEntries.accountId, userId), eq(auditEntries.actorUserId, userId)),
    query.lockId !== undefined ? eq(auditEntries.lockId, query.lockId) : undefined,
    query.startDate !== undefined ? gte(auditEntries.at, query.startDate) : undefined,
    query.endDate !== undefined ? lt(auditEntries.at, query.endDate) : undefined,
    query.actor
      ? or(ilike(users.email, containsPattern(query.actor)), ilike(users.mobile, containsPattern(query.actor)))
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ entry: auditEntries, actorAccount, lockAlias: sql<string | null>`${locks.name}` })
      .from(auditEntries)
      .leftJoin(users, eq(users.id, auditEntries.actorUserId))
      .leftJoin(locks, eq(locks.id, auditEntries.lockId))
      .where(where)
      .orderBy(desc(auditEntries.at), desc(auditEntries.id))
      .limit(query.pageSize)
      .offset(offsetOf(query.pageNo, query.pageSize)),
    db.select({ n: count() }).from(auditEntries).leftJoin(users, eq(users.id, auditEntries.actorUserId)).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/**
 * Retention for one account, under its head's lock: every entry recorded before `cutoff` goes
 * (they are the chain's start: seqs grow with time), and the head keeps the last one's seq and
 * hash as the anchor the rest is verified from. Returns how many went.
 */
export async function pruneChain(tx: Tx, accountId: number, cutoff: number): Promise<number> {
  const [head] = await tx.select().from(auditChainHeads).where(eq(auditChainHeads.accountId, accountId)).for('update');
  if (!head) return 0;
  const [last] = await tx
    .select({ seq: auditEntries.seq, hash: auditEntries.hash })
    .from(auditEntries)
    .where(and(eq(auditEntries.accountId, accountId), lt(auditEntries.at, cutoff)))
    .orderBy(desc(auditEntries.seq))
    .limit(1);
  if (!last) return 0;
  const gone = await tx
    .delete(auditEntries)
    .where(and(eq(auditEntries.accountId, accountId), lte(auditEntries.seq, last.seq)))
    .returning({ id: auditEntries.id });
  await tx
    .update(auditChainHeads)
    .set({ anchorSeq: last.seq, anchorHash: last.hash })
    .where(eq(auditChainHeads.accountId, accountId));
  return gone.length;
}

/** Accounts whose oldest kept entry is older than `cutoff` (found through each head's anchor), at most `limit`. */
export async function accountsToPrune(db: Executor, cutoff: number, limit: number): Promise<number[]> {
  const rows = await db
    .select({ accountId: auditChainHeads.accountId })
    .from(auditChainHeads)
    .innerJoin(
      auditEntries,
      and(
        eq(auditEntries.accountId, auditChainHeads.accountId),
        eq(auditEntries.seq, sql`${auditChainHeads.anchorSeq} + 1`),
      ),
    )
    .where(lt(auditEntries.at, cutoff))
    .limit(limit);
  return rows.map((row) => row.accountId);
}
