import type { Account } from '@smartlock/contract';
import { and, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sessions, userAvatars, users } from '../../db/schema';
import { ApiError } from '../../http/apiError';
import type { PasswordHashes } from '../../security/password';

export type UserRow = typeof users.$inferSelect;

export async function findUserByAccount(db: Executor, account: Account): Promise<UserRow | undefined> {
  const column = account.type === 'email' ? users.email : users.mobile;
  const [row] = await db.select().from(users).where(eq(column, account.value)).limit(1);
  return row;
}

export async function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function insertUser(db: Executor, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('user insert returned nothing');
  return row;
}

/** A new password: both its hashes (security/password.ts `hashPasswords`). */
export async function updatePasswordHash(db: Executor, userId: number, hashes: PasswordHashes): Promise<void> {
  await db
    .update(users)
    .set({ ...hashes, passwordChangedAt: new Date() })
    .where(eq(users.id, userId));
}

/** The open API's hash of a password known only now (an account whose password was set before it existed). */
export async function setOpenApiPasswordHash(db: Executor, userId: number, openApiPasswordHash: string): Promise<void> {
  await db.update(users).set({ openApiPasswordHash }).where(eq(users.id, userId));
}

/** Changes an account's own fields (nickname, country, avatar address, email, mobile, language). */
export async function updateUser(
  db: Executor,
  userId: number,
  values: Partial<Pick<UserRow, 'nickname' | 'countryId' | 'countryCode' | 'headUrl' | 'email' | 'mobile' | 'locale'>>,
): Promise<UserRow> {
  const [row] =
    Object.keys(values).length === 0
      ? await db.select().from(users).where(eq(users.id, userId)).limit(1)
      : await db.update(users).set(values).where(eq(users.id, userId)).returning();
  if (!row) throw new ApiError('loginExpired');
  return row;
}

/** Ends every live session of a user but one (the caller's). */
export async function revokeOtherSessions(db: Executor, userId: number, keepSessionId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)));
}

export type AvatarRow = typeof userAvatars.$inferSelect;

export async function findAvatar(db: Executor, userId: number): Promise<AvatarRow | undefined> {
  const [row] = await db.select().from(userAvatars).where(eq(userAvatars.userId, userId)).limit(1);
  return row;
}

/** Sets (or replaces) a user's avatar. */
export async function putAvatar(
  db: Executor,
  values: { userId: number; contentType: string; bytes: Buffer; sha256: string },
): Promise<void> {
  const now = new Date();
  await db
    .insert(userAvatars)
    .values({ ...values, updatedAt: now })
    .onConflictDoUpdate({
      target: userAvatars.userId,
      set: { contentType: values.contentType, bytes: values.bytes, sha256: values.sha256, updatedAt: now },
    });
}

export async function deleteAvatar(db: Executor, userId: number): Promise<void> {
  await db.delete(userAvatars).where(eq(userAvatars.userId, userId));
}

/** Clears a user's email or mobile only while the other one is set; undefined when it is not. */
export async function clearIdentifier(
  db: Executor,
  userId: number,
  field: 'email' | 'mobile',
): Promise<UserRow | undefined> {
  const other = field === 'email' ? users.mobile : users.email;
  const [row] = await db
    .update(users)
    .set(field === 'email' ? { email: null } : { mobile: null })
    .where(and(eq(users.id, userId), isNotNull(other)))
    .returning();
  return row;
}

/** The account's email and mobile (those it has). */
export async function accountNamesOf(db: Executor, userId: number): Promise<string[]> {
  const [user] = await db.select({ email: users.email, mobile: users.mobile }).from(users).where(eq(users.id, userId));
  return [user?.email, user?.mobile].filter((v): v is string => Boolean(v));
}

/** The account's name as records and replies show it: its email, else its mobile. */
export async function accountNameOf(db: Executor, userId: number): Promise<string> {
  return (await accountNamesOf(db, userId))[0] ?? '';
}
