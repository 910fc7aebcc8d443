import {
  CardStatus,
  EKeyStatus,
  ERRORS,
  ekey,
  lockCredential,
  lockUser,
  PasscodeStatus,
  PasscodeType,
  passcode,
  RemoteOperationState,
  type RevokeJob,
  RevokeState,
  ValidityType,
} from '@smartlock/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ekeys, lockCredentials, passcodes, revokeJobItems } from '../../db/schema';
import { loggedInClient } from '../../test/fixtures';
import type { FleetLock } from '../../test/fleetProcess';
import { type FleetServer, startFleetServer } from '../../test/fleetServer';
import { dataOf, type Reply, type TestClient } from '../../test/harness';
import { operationEnd } from '../../test/operations';
import { until } from '../../test/until';

const OWNER = 'revoke-owner@example.com';
const PAT = 'revoke-pat@example.com';

let setup: FleetServer;
let owner: TestClient;
let stranger: TestClient;
let doors: FleetLock[];

const db = () => setup.server.app.services.database.db;
const door = (index: number) => doors[index] as FleetLock;

async function ok<T>(reply: Promise<Reply<T>>): Promise<T> {
  const answered = await reply;
  expect(answered.body.errorCode, JSON.stringify(answered.body)).toBe(0);
  return dataOf(answered);
}

const job = (client: TestClient, jobId: number) => ok(client.call(lockUser.getRevokeJob, { jobId }));

/** Follows a job until `done` says so. */
async function jobUntil(jobId: number, done: (job: RevokeJob) => boolean): Promise<RevokeJob> {
  let last: RevokeJob | undefined;
  await until(async () => {
    last = await job(owner, jobId);
    return done(last);
  });
  return last as RevokeJob;
}

beforeAll(async () => {
  setup = await startFleetServer(
    OWNER,
    { gateways: 1, locksPerGateway: 3, kinds: 'door' },
    { REMOTE_OPERATION_SECONDS: 6 },
  );
  owner = setup.client;
  doors = setup.gateways[0]?.locks ?? [];
  stranger = (await loggedInClient(setup.server, 'revoke-stranger@example.com')).client;
  // Pat: an eKey on the first two doors, a passcode on the first, a card on the second.
  for (const index of [0, 1]) {
    await ok(
      owner.call(ekey.send, {
        lockId: door(index).lockId,
        receiverUsername: PAT,
        createUser: 1,
        validityType: ValidityType.permanent,
      }),
    );
  }
  await ok(
    owner.call(passcode.get, {
      lockId: door(0).lockId,
      keyboardPwdType: PasscodeType.permanent,
      keyboardPwdName: PAT,
    }),
  );
  const card = await ok(
    owner.call(lockCredential.card.add, { lockId: door(1).lockId, cardNumber: '80800001', name: PAT }),
  );
  expect((await operationEnd(owner, card.operation.operationId)).state).toBe(RemoteOperationState.success);
}, 120_000);
afterAll(async () => setup?.close());

describe('person view and revoke all', () => {
  it("lists a person's credentials across two locks, by lock", async () => {
    const detail = await ok(owner.call(lockUser.listKeyGroup, { lockUser: PAT }));
    expect(detail.total).toBe(2);
    const kinds = new Map(detail.list.map((held) => [held.lockId, held.credentials.map((c) => c.kind).sort()]));
    expect(kinds.get(door(0).lockId)).toEqual(['ekey', 'passcode']);
    expect(kinds.get(door(1).lockId)).toEqual(['card', 'ekey']);
  });

  it('refuses a stranger like a person or job that does not exist, and starts nothing', async () => {
    for (const refused of [
      await stranger.call(lockUser.revokeKeyUser, { lockUser: PAT }),
      await owner.call(lockUser.revokeKeyUser, { lockUser: 'nobody-here' }),
    ]) {
      expect(refused.body).toMatchObject({ errorCode: ERRORS.noPermission.code, data: null });
    }
    expect(await db().select().from(revokeJobItems)).toEqual([]);
  });

  it('revokes everything lock by lock in the background: done where the lock confirmed, pending where it must still', async () => {
    // The second door's gateway takes the card's deletion and the lock never answers.
    setup.fleet.control({ do: 'fault', lock: door(1).mac, fault: 'timeout' });
    const started = await ok(owner.call(lockUser.revokeKeyUser, { lockUser: ` ${PAT.toUpperCase()} ` }));
    expect(started.lockCount).toBe(2);
    const byLock = (found: RevokeJob, index: number) => found.items.find((item) => item.lockId === door(index).lockId);

    const waiting = await jobUntil(started.jobId, (found) => byLock(found, 1)?.state === RevokeState.pending);
    expect(byLock(waiting, 1)).toMatchObject({ removed: 1, atLock: 1, errorCode: 0, operationError: null });
    const [card] = await db()
      .select()
      .from(lockCredentials)
      .where(eq(lockCredentials.lockId, door(1).lockId));
    // The card stays on the lock's list, its deletion waiting for the lock.
    expect(card?.status).toBe(CardStatus.deleting);

    const first = await jobUntil(
      started.jobId,
      (found) =>
        byLock(found, 0)?.state !== RevokeState.pending &&
        byLock(found, 0)?.state !== RevokeState.queued &&
        byLock(found, 0)?.state !== RevokeState.running,
    );
    expect(byLock(first, 0)).toMatchObject({ state: RevokeState.done, removed: 1, atLock: 1, errorCode: 0 });
    const [code] = await db()
      .select()
      .from(passcodes)
      .where(eq(passcodes.lockId, door(0).lockId));
    expect(code?.status).toBe(PasscodeStatus.deleted);
    const keys = await db().select().from(ekeys).where(eq(ekeys.recipientAccount, PAT));
    expect(keys.map((key) => key.status).every((s) => s === EKeyStatus.deleting || s === EKeyStatus.deleted)).toBe(
      true,
    );

    // The lock never confirmed: its operation ran out, and the lock's item says why.
    const ended = await jobUntil(started.jobId, (found) => found.finishedAt !== null);
    expect(ended.state).toBe(RevokeState.failed);
    expect(byLock(ended, 1)).toMatchObject({ state: RevokeState.failed, operationError: 'timeout' });
    expect(ended.counts).toMatchObject({ done: 1, failed: 1, pending: 0 });
    setup.fleet.control({ do: 'fault', lock: door(1).mac, fault: 'none' });

    const other = await stranger.call(lockUser.getRevokeJob, { jobId: started.jobId });
    const missing = await stranger.call(lockUser.getRevokeJob, { jobId: started.jobId + 1000 });
    expect(other.body).toEqual(missing.body);
    expect(other.body.errorCode).toBe(ERRORS.noPermission.code);
  }, 60_000);

  it('each item is claimed by one worker only, and a stopped runner leaves its work to the next', async () => {
    const runner = setup.server.app.services.revokeRunner;
    await runner.stop();
    await ok(
      owner.call(passcode.get, {
        lockId: door(2).lockId,
        keyboardPwdType: PasscodeType.permanent,
        keyboardPwdName: 'Sam',
      }),
    );
    const started = await ok(owner.call(lockUser.revokeKeyUser, { lockUser: 'sam' }));
    const claims = await Promise.all([runner.claim(), runner.claim(), runner.claim()]);
    const claimed = claims.filter((item) => item !== undefined);
    expect(claimed.map((item) => item.jobId)).toEqual([started.jobId]);
    // The claim's lease is running: the item waits until it ends, then the next runner takes it over.
    await db()
      .update(revokeJobItems)
      .set({ dueAt: new Date(Date.now() - 1) })
      .where(inArray(revokeJobItems.jobId, [started.jobId]));
    runner.start();
    const ended = await jobUntil(started.jobId, (found) => found.finishedAt !== null);
    expect(ended.items.map((item) => [item.lockId, item.state, item.atLock])).toEqual([
      [door(2).lockId, RevokeState.done, 1],
    ]);
  }, 60_000);
});
