import { user } from '@smartlock/contract';
import { eq, sql } from 'drizzle-orm';
import { sliderChallenges } from '../db/schema';
import { PUZZLE } from '../domains/verification/slider/puzzle';
import type { TestClient, TestServer } from './harness';
import { pointerDrag, trackOf } from './humanDrag';
import { dataOf } from './reply';

export type ServedPuzzle = { sliderId: string; backgroundImage: string; pieceImage: string; pieceY: number };

/** A puzzle as the API serves it, and its answer read from the database (as only a test can). */
export async function servedPuzzle(server: TestServer, client: TestClient = server.client()) {
  const reply = await client.call(user.getSliderVerifyImg);
  const data = dataOf(reply);
  const [row] = await server.app.services.database.db
    .select()
    .from(sliderChallenges)
    .where(eq(sliderChallenges.id, data.sliderId));
  return { ...data, answer: row?.answerX as number };
}

/** The time a person looks at the puzzle before answering: the test moves the puzzle's clock back. */
export async function lookedAt(server: TestServer, sliderId: string, seconds = 30): Promise<void> {
  await server.app.services.database.db
    .update(sliderChallenges)
    .set({ createdAt: sql`now() - make_interval(secs => ${seconds})` })
    .where(eq(sliderChallenges.id, sliderId));
}

/** A person's drag to `x` on a served puzzle, in the wire form. */
export function dragTo(x: number): string {
  return trackOf(pointerDrag(x, PUZZLE.width - PUZZLE.piece, Math.random, true));
}

/** Solves a puzzle as a person does (looks, drags to the gap) and returns the slider token. */
export async function solvedSliderToken(server: TestServer, client: TestClient = server.client()): Promise<string> {
  const p = await servedPuzzle(server, client);
  await lookedAt(server, p.sliderId);
  const reply = await client.call(user.isSliderValid, {
    sliderId: p.sliderId,
    x: p.answer,
    track: dragTo(p.answer),
  });
  const token = reply.body.data?.sliderToken;
  if (!token) throw new Error(`the slider was not solved: ${JSON.stringify(reply.body)}`);
  return token;
}
