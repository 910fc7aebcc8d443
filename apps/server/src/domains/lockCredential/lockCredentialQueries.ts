import type { LockCredentialKind } from '@smartlock/contract';
import { and, desc, eq, ne, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { pageAndCount, preparedWithSearch } from '../../db/prepared';
import { facePhotos, lockCredentials, locks, users } from '../../db/schema';
import { nextSerialId } from '../../db/sequence';
import { offsetOf } from '../../http/paging';
import { managedLockCondition } from '../lock/lockQueries';
import { NOT_LIVE, Status } from './credentialKinds';

export type LockCredentialRow = typeof lockCredentials.$inferSelect;
export type NewLockCredential = typeof lockCredentials.$inferInsert;

/** A credential with the account that created it (its email, else its mobile; '' when it has none). */
export interface CredentialWithCreator {
  row: LockCredentialRow;
  creatorAccount: string;
}

/** Credentials joined to their creators' accounts, as a list and a single credential show them. */
function credentialsWithCreators(db: Executor) {
  return db
    .select({ row: lockCredentials, email: users.email, mobile: users.mobile })
    .from(lockCredentials)
    .leftJoin(users, eq(users.id, lockCredentials.creatorId));
}

const withCreator = (r: {
  row: LockCredentialRow;
  email: string | null;
  mobile: string | null;
}): CredentialWithCreator => ({ row: r.row, creatorAccount: r.email ?? r.mobile ?? '' });

/** A face's stored photo and the lock its credential belongs to. */
export async function facePhotoOf(db: Executor, credentialId: number) {
  const [found] = await db
    .select({ lockId: lockCredentials.lockId, format: facePhotos.format, bytes: facePhotos.bytes })
    .from(facePhotos)
    .innerJoin(lockCredentials, eq(lockCredentials.id, facePhotos.credentialId))
    .where(eq(facePhotos.credentialId, credentialId));
  return found;
}

/** Keeps a face's photo with its credential. */
export async function insertFacePhoto(db: Executor, photo: typeof facePhotos.$inferInsert): Promise<void> {
  await db.insert(facePhotos).values(photo);
}

/** The id the next credential gets, taken before its row exists (the command to the lock names it). */
export function nextCredentialId(db: Executor): Promise<number> {
  return nextSerialId(db, 'lock_credentials');
}

export async function credentialById(db: Executor, credentialId: number): Promise<LockCredentialRow | undefined> {
  const [row] = await db.select().from(lockCredentials).where(eq(lockCredentials.id, credentialId));
  return row;
}

export async function credentialWithCreator(
  db: Executor,
  credentialId: number,
): Promise<CredentialWithCreator | undefined> {
  const [r] = await credentialsWithCreators(db).where(eq(lockCredentials.id, credentialId));
  return r && withCreator(r);
}

/** A page of a lock's credentials of a kind, newest first, searchable by number, name or remark; and how many match. */
export async function credentialsOfLock(
  db: Db,
  lockId: number,
  kind: LockCredentialKind,
  query: { searchStr?: string | undefined; pageNo: number; pageSize: number },
): Promise<{ rows: CredentialWithCreator[]; total: number }> {
  const listing = credentialListing(db, Boolean(query.searchStr));
  const { rows, total } = await pageAndCount(listing, query.searchStr, query, { lockId, kind });
  return { rows: rows.map(withCreator), total };
}

/** The list's page and count, run on every visit of a credential screen: prepared. */
const credentialListing = preparedWithSearch((db, searching) => {
  const pattern = sql.placeholder('pattern');
  const where = and(
    eq(lockCredentials.lockId, sql.placeholder('lockId')),
    eq(lockCredentials.kind, sql.placeholder('kind')),
    searching
      ? or(
          sql`${lockCredentials.number} ilike ${pattern}`,
          sql`${lockCredentials.name} ilike ${pattern}`,
          sql`${lockCredentials.remark} ilike ${pattern}`,
        )
      : undefined,
  );
  const shape = searching ? '_search' : '';
  return {
    page: credentialsWithCreators(db)
      .where(where)
      .orderBy(desc(lockCredentials.createdAt), desc(lockCredentials.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(`lock_credential_page${shape}`),
    count: db
      .select({ n: sql<number>`count(*)::int` })
      .from(lockCredentials)
      .where(where)
      .prepare(`lock_credential_count${shape}`),
  };
});

/** A page of the user's managed locks holding a live card with this number, by lock name; and how many there are. */
export async function managedLocksWithCard(
  db: Db,
  userId: number,
  query: { cardNumber: string; pageNo: number; pageSize: number },
): Promise<{ rows: { row: LockCredentialRow; lockName: string }[]; total: number }> {
  const where = and(
    eq(lockCredentials.kind, 'card'),
    eq(lockCredentials.number, query.cardNumber),
    sql`${lockCredentials.status} not in (${sql.join(
      NOT_LIVE.map((s) => sql`${s}`),
      sql`, `,
    )})`,
    managedLockCondition(userId),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ row: lockCredentials, lockName: locks.name })
      .from(lockCredentials)
      .innerJoin(locks, eq(locks.id, lockCredentials.lockId))
      .where(where)
      .orderBy(locks.name, lockCredentials.id)
      .limit(query.pageSize)
      .offset(offsetOf(query.pageNo, query.pageSize)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(lockCredentials)
      .innerJoin(locks, eq(locks.id, lockCredentials.lockId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Whether the lock has a credential of the kind, not lost, that the lock recognises by this value. */
export async function hasLiveCredentialValue(
  db: Executor,
  lockId: number,
  kind: LockCredentialKind,
  value: string,
): Promise<boolean> {
  const [live] = await db
    .select({ id: lockCredentials.id })
    .from(lockCredentials)
    .where(
      and(
        eq(lockCredentials.lockId, lockId),
        eq(lockCredentials.kind, kind),
        eq(lockCredentials.value, value),
        ne(lockCredentials.status, Status.lost),
      ),
    )
    .limit(1);
  return live !== undefined;
}

/** Stores a credential; a unique violation (its value lives on the lock already) is the caller's to handle. */
export async function insertCredential(db: Executor, values: NewLockCredential): Promise<void> {
  await db.insert(lockCredentials).values(values);
}

/** A credential's name and remark. */
export async function renameCredential(
  db: Executor,
  credentialId: number,
  naming: { name: string; remark: string },
): Promise<void> {
  await db.update(lockCredentials).set(naming).where(eq(lockCredentials.id, credentialId));
}
