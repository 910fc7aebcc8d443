import { PasscodeStatus } from '@smartlock/contract';
import { and, desc, eq, ne, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { pageAndCount, preparedWithSearch } from '../../db/prepared';
import { credentialSyncReports, passcodes, users } from '../../db/schema';
import { nextSerialId } from '../../db/sequence';

export type PasscodeRow = typeof passcodes.$inferSelect;
export type NewPasscode = typeof passcodes.$inferInsert;

/** A passcode with the account that created it (its email, else its mobile; '' when it has none). */
export interface PasscodeWithCreator {
  row: PasscodeRow;
  creatorAccount: string;
}

/** Passcodes joined to their creators' accounts, as a list and a single passcode show them. */
function passcodesWithCreators(db: Executor) {
  return db
    .select({ row: passcodes, email: users.email, mobile: users.mobile })
    .from(passcodes)
    .leftJoin(users, eq(users.id, passcodes.creatorId));
}

const withCreator = (r: { row: PasscodeRow; email: string | null; mobile: string | null }): PasscodeWithCreator => ({
  row: r.row,
  creatorAccount: r.email ?? r.mobile ?? '',
});

/** The id the next passcode gets, taken before its row exists (the command to the lock names it). */
export function nextPasscodeId(db: Executor): Promise<number> {
  return nextSerialId(db, 'passcodes');
}

export async function passcodeById(db: Executor, passcodeId: number): Promise<PasscodeRow | undefined> {
  const [row] = await db.select().from(passcodes).where(eq(passcodes.id, passcodeId));
  return row;
}

export async function passcodeWithCreator(db: Executor, passcodeId: number): Promise<PasscodeWithCreator | undefined> {
  const [r] = await passcodesWithCreators(db).where(eq(passcodes.id, passcodeId));
  return r && withCreator(r);
}

/** A page of a lock's passcodes (none deleted), newest first, searchable by name or digits; and how many match. */
export async function passcodesOfLock(
  db: Db,
  lockId: number,
  query: { searchStr?: string | undefined; pageNo: number; pageSize: number },
): Promise<{ rows: PasscodeWithCreator[]; total: number }> {
  const listing = passcodeListing(db, Boolean(query.searchStr));
  const { rows, total } = await pageAndCount(listing, query.searchStr, query, { lockId });
  return { rows: rows.map(withCreator), total };
}

/** The list's page and count, run on every visit of the passcode screen: prepared. */
const passcodeListing = preparedWithSearch((db, searching) => {
  const pattern = sql.placeholder('pattern');
  const where = and(
    eq(passcodes.lockId, sql.placeholder('lockId')),
    ne(passcodes.status, PasscodeStatus.deleted),
    searching ? or(sql`${passcodes.name} ilike ${pattern}`, sql`${passcodes.code} ilike ${pattern}`) : undefined,
  );
  const shape = searching ? '_search' : '';
  return {
    page: passcodesWithCreators(db)
      .where(where)
      .orderBy(desc(passcodes.createdAt), desc(passcodes.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(`passcode_page${shape}`),
    count: db.select({ n: sql<number>`count(*)::int` }).from(passcodes).where(where).prepare(`passcode_count${shape}`),
  };
});

/** Whether the lock has a passcode (not deleted) with these digits. */
export async function hasLivePasscode(db: Executor, lockId: number, code: string): Promise<boolean> {
  const [live] = await db
    .select({ id: passcodes.id })
    .from(passcodes)
    .where(and(eq(passcodes.lockId, lockId), eq(passcodes.code, code), ne(passcodes.status, PasscodeStatus.deleted)))
    .limit(1);
  return live !== undefined || (await unknownOnLock(db, lockId, code));
}

/**
 * Whether the lock's last check found `code` stored on it though no passcode here has it (a code
 * set at the lock itself, or kept from before): sent again, the lock would refuse it.
 */
async function unknownOnLock(db: Executor, lockId: number, code: string): Promise<boolean> {
  const [found] = await db
    .select({ lockId: credentialSyncReports.lockId })
    .from(credentialSyncReports)
    .where(
      and(
        eq(credentialSyncReports.lockId, lockId),
        sql`${credentialSyncReports.unknown} @> ${JSON.stringify([{ kind: 'passcode', value: code }])}::jsonb`,
      ),
    );
  return found !== undefined;
}

/** Stores a passcode; a unique violation (its digits live on the lock already) is the caller's to handle. */
export async function insertPasscode(db: Executor, values: NewPasscode): Promise<void> {
  await db.insert(passcodes).values(values);
}

/** Stores a passcode unless the lock's live digits clash (then undefined); the row as stored. */
export async function insertPasscodeIfFree(db: Executor, values: NewPasscode): Promise<PasscodeRow | undefined> {
  const [row] = await db.insert(passcodes).values(values).onConflictDoNothing().returning();
  return row;
}

/** Changes a passcode's name, status or running operation. */
export async function updatePasscode(
  db: Executor,
  passcodeId: number,
  values: Partial<
    Pick<
      PasscodeRow,
      'name' | 'status' | 'operationId' | 'syncError' | 'syncAttempts' | 'syncNextAt' | 'syncOperationId'
    >
  >,
): Promise<void> {
  await db.update(passcodes).set(values).where(eq(passcodes.id, passcodeId));
}

/**
 * Ends a passcode's operation: its new status (and, for a change, its new digits and validity),
 * only while that operation is still the passcode's own.
 */
export async function endPasscodeOperation(
  db: Executor,
  passcodeId: number,
  operationId: string,
  values: Partial<
    Pick<
      PasscodeRow,
      'status' | 'code' | 'startDate' | 'endDate' | 'syncError' | 'syncAttempts' | 'syncNextAt' | 'syncOperationId'
    >
  >,
): Promise<void> {
  await db
    .update(passcodes)
    .set({ ...values, operationId: null })
    .where(and(eq(passcodes.id, passcodeId), eq(passcodes.operationId, operationId)));
}
