import { LockState, LockSwitch, RemoteUnlockSwitch } from '@smartlock/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locks } from '../../db/schema';
import { addLock } from '../../test/devices';
import { loggedInClient } from '../../test/fixtures';
import { startTestServer, type TestServer } from '../../test/harness';
import { applyResult, reportedAt } from './lockReportedState';

let server: TestServer;
let lockId: number;

const row = async () => {
  const [found] = await server.app.services.database.db.select().from(locks).where(eq(locks.id, lockId));
  return found;
};

describe('a lock keeps the newest fact its gateway reported', () => {
  beforeAll(async () => {
    server = await startTestServer();
    const { client } = await loggedInClient(server, 'effects-owner@example.com');
    lockId = await addLock(client, 'Front door');
  });
  afterAll(() => server.close());

  it('a state report older than a confirmed switch does not put the switch back (out-of-order delivery)', async () => {
    const db = server.app.services.database.db;
    const t = Date.now();
    const switched = await applyResult(
      db,
      lockId,
      'setSwitch',
      { name: LockSwitch.remoteUnlock, value: 1 },
      { at: t, by: 'reply' },
    );
    expect(switched?.lockId).toBe(lockId);
    // The lock's state report from before the switch, handled later by another instance.
    const stale = await applyResult(
      db,
      lockId,
      'queryState',
      { state: LockState.unlocked, battery: 40, switches: { [LockSwitch.remoteUnlock]: RemoteUnlockSwitch.off } },
      { at: t - 500, by: 'event' },
    );
    expect(stale).toBeUndefined();
    let lock = await row();
    expect(lock?.switches[LockSwitch.remoteUnlock]).toBe(RemoteUnlockSwitch.on);
    expect(lock?.battery).not.toBe(40);
    expect(lock?.stateAt).toBe(t);

    // A newer report wins; the same report heard again (by the other instance) changes nothing
    // and is not announced twice; a reply of that same moment is still the command's answer.
    const fresh = {
      state: LockState.locked,
      battery: 77,
      switches: { [LockSwitch.remoteUnlock]: RemoteUnlockSwitch.on },
    };
    const later = { at: t + 500, by: 'event' } as const;
    // Announced with what it replaces (the webhook's lock state and battery events compare the two).
    expect(await applyResult(db, lockId, 'queryState', fresh, later)).toEqual({
      lockId,
      state: LockState.locked,
      battery: 77,
      was: { state: LockState.unknown, battery: 100 },
    });
    expect(await applyResult(db, lockId, 'queryState', fresh, later)).toBeUndefined();
    const answer = await applyResult(
      db,
      lockId,
      'lock',
      { state: LockState.locked, battery: 76 },
      { ...later, by: 'reply' },
    );
    expect(answer?.battery).toBe(76);
    lock = await row();
    expect(lock?.battery).toBe(76);
    expect(lock?.stateAt).toBe(t + 500);
  });

  it('orders by the gateway clock only while it is near the cloud clock', () => {
    const now = 1_800_000_000_000;
    expect(reportedAt(now - 2_000, now)).toBe(now - 2_000);
    expect(reportedAt(now + 60_000, now)).toBe(now + 60_000);
    // A clock reset to 1970 or run years ahead would freeze or stall the lock's state: the cloud's time is used.
    expect(reportedAt(5_000, now)).toBe(now);
    expect(reportedAt(now + 365 * 86_400_000, now)).toBe(now);
    expect(reportedAt('soon', now)).toBe(now);
    expect(reportedAt(undefined, now)).toBe(now);
  });
});
