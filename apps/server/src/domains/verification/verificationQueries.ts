import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { validationCodes } from '../../db/schema';

export type ValidationCodeRow = typeof validationCodes.$inferSelect;

/** The latest code sent for a purpose to any of the given accounts (at least one). */
export async function latestCode(
  db: Executor,
  accounts: readonly string[],
  type: number,
): Promise<ValidationCodeRow | undefined> {
  const [latest] = await db
    .select()
    .from(validationCodes)
    .where(and(inArray(validationCodes.account, [...accounts]), eq(validationCodes.type, type)))
    .orderBy(desc(validationCodes.createdAt))
    .limit(1);
  return latest;
}

/** Keeps a sent code (as its hash); answers its id. */
export async function storeCode(
  db: Executor,
  code: { account: string; type: number; channel: string; codeHash: string; expiresAt: Date },
): Promise<number | undefined> {
  const [stored] = await db.insert(validationCodes).values(code).returning({ id: validationCodes.id });
  return stored?.id;
}

/** Forgets a code that could not be delivered. */
export async function forgetCode(db: Executor, id: number): Promise<void> {
  await db.delete(validationCodes).where(eq(validationCodes.id, id));
}

/**
 * Counts a try on the code if it is still live (unused, under `maxTries` tries, unexpired), in
 * one statement so a burst of guesses gets no more than `maxTries`; false when it is not live.
 */
export async function countCodeTry(db: Executor, id: number, maxTries: number): Promise<boolean> {
  const [counted] = await db
    .update(validationCodes)
    .set({ attempts: sql`${validationCodes.attempts} + 1` })
    .where(
      and(
        eq(validationCodes.id, id),
        isNull(validationCodes.consumedAt),
        lt(validationCodes.attempts, maxTries),
        gt(validationCodes.expiresAt, sql`now()`),
      ),
    )
    .returning({ attempts: validationCodes.attempts });
  return counted !== undefined;
}

/** Spends a code; false when it was already spent. */
export async function spendCode(tx: Executor, id: number): Promise<boolean> {
  const rows = await tx
    .update(validationCodes)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(validationCodes.id, id), isNull(validationCodes.consumedAt)))
    .returning({ id: validationCodes.id });
  return rows.length === 1;
}

/** Deletes the codes that expired before the given time. */
export async function deleteCodesExpiredBefore(db: Executor, before: Date): Promise<void> {
  await db.delete(validationCodes).where(lt(validationCodes.expiresAt, before));
}
