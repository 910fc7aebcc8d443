import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { sliderChallenges } from '../../../db/schema';

/** Keeps a served puzzle's answer until it expires. */
export async function storePuzzle(
  db: Executor,
  puzzle: { id: string; answerX: number; expiresAt: Date },
): Promise<void> {
  await db.insert(sliderChallenges).values(puzzle);
}

/**
 * Spends a live puzzle (unanswered, unexpired): its answer and how long ago it was served (ms);
 * undefined when it is unknown, answered or expired.
 */
export async function spendPuzzle(
  db: Executor,
  id: string,
): Promise<{ answerX: number; servedMs: number } | undefined> {
  const [row] = await db
    .update(sliderChallenges)
    .set({ answeredAt: sql`now()` })
    .where(
      and(eq(sliderChallenges.id, id), isNull(sliderChallenges.answeredAt), gt(sliderChallenges.expiresAt, sql`now()`)),
    )
    .returning({
      answerX: sliderChallenges.answerX,
      servedMs: sql<number>`(extract(epoch from (now() - ${sliderChallenges.createdAt})) * 1000)::float8`,
    });
  return row;
}

/** Gives a rightly answered puzzle its token (kept as its hash). */
export async function storeSliderToken(db: Executor, id: string, tokenHash: string, expiresAt: Date): Promise<void> {
  await db.update(sliderChallenges).set({ tokenHash, tokenExpiresAt: expiresAt }).where(eq(sliderChallenges.id, id));
}

/** Spends a slider token by its hash; false when it is unknown, used or expired. */
export async function spendSliderToken(db: Executor, tokenHash: string): Promise<boolean> {
  const rows = await db
    .update(sliderChallenges)
    .set({ tokenUsedAt: sql`now()` })
    .where(
      and(
        eq(sliderChallenges.tokenHash, tokenHash),
        isNull(sliderChallenges.tokenUsedAt),
        gt(sliderChallenges.tokenExpiresAt, sql`now()`),
      ),
    )
    .returning({ id: sliderChallenges.id });
  return rows.length === 1;
}

/** Deletes the puzzles that expired before the given time. */
export async function deletePuzzlesExpiredBefore(db: Executor, before: Date): Promise<void> {
  await db.delete(sliderChallenges).where(lt(sliderChallenges.expiresAt, before));
}
