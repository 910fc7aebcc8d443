import { user, ValidationCodeType } from '@smartlock/contract';
import { inArray } from 'drizzle-orm';
import { locks } from '../db/schema';
import { addLock } from './devices';
import { latestCode, loggedInClient, PASSWORD } from './fixtures';
import type { TestServer } from './harness';

/**
 * An owner with `count` locks ready to give them to `receiver` (an account already registered):
 * the giver's client, the lock ids and the /lock/transfer parameters with a fresh code.
 */
export async function preparedTransfer(server: TestServer, giver: string, receiver: string, count = 15) {
  const { client, uid: giverId } = await loggedInClient(server, giver);
  const lockIds: number[] = [];
  for (let i = 0; i < count; i++) lockIds.push(await addLock(client, `Moving ${i + 1}`));
  await client.call(user.sendValidationCode, { account: giver, type: ValidationCodeType.transferLock });
  const params = {
    lockIdList: lockIds.join(','),
    receiverUsername: receiver,
    password: PASSWORD,
    validationCode: await latestCode(server, giver),
  };
  return { client, giverId, lockIds, params };
}

/** Who owns the locks now (one id when they moved together). */
export async function ownersOf(server: TestServer, lockIds: number[]): Promise<number[]> {
  const rows = await server.app.services.database.db
    .select({ ownerId: locks.ownerId })
    .from(locks)
    .where(inArray(locks.id, lockIds));
  return [...new Set(rows.map((row) => row.ownerId))];
}
