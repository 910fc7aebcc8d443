import {
  credentialSync,
  ERRORS,
  lock,
  type PasscodeItem,
  PasscodeStatus,
  passcode,
  RemoteOperationState,
} from '@smartlock/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passcodes } from '../../db/schema';
import { loggedInClient } from '../../test/fixtures';
import type { FleetLock } from '../../test/fleetProcess';
import { type FleetServer, startFleetServer } from '../../test/fleetServer';
import { dataOf, type TestClient } from '../../test/harness';
import { operationEnd } from '../../test/operations';
import { until } from '../../test/until';

let setup: FleetServer;
let owner: TestClient;
let door: FleetLock;
let gatewayId: number;

beforeAll(async () => {
  setup = await startFleetServer('credential-sync@example.com', { gateways: 1, locksPerGateway: 1, kinds: 'door' });
  owner = setup.client;
  door = setup.gateways[0]?.locks[0] as FleetLock;
  gatewayId = setup.gateways[0]?.gatewayId as number;
}, 90_000);
afterAll(async () => setup?.close());

const db = () => setup.server.app.services.database.db;
const retries = () => setup.server.app.services.credentialRetry;
const HOUR = 3_600_000;

/** Tells the fleet something and waits for its answer. */
const control = (command: { do: string } & Record<string, unknown>) => setup.fleet.ask(command);

const keypad = (code: string) => control({ do: 'keypad', lock: door.mac, code });
const fault = (kind: 'none' | 'outOfRange') => control({ do: 'fault', lock: door.mac, fault: kind });

/** The passcode as the console's list shows it. */
async function listed(code: string): Promise<PasscodeItem | undefined> {
  const reply = await owner.call(passcode.list, { lockId: door.lockId, pageNo: 1, pageSize: 200 });
  return dataOf(reply).list.find((item) => item.keyboardPwd === code);
}

/** Adds a custom passcode and waits for the lock's answer; the passcode then. */
async function addCode(code: string): Promise<PasscodeItem> {
  const reply = await owner.call(passcode.add, { lockId: door.lockId, keyboardPwd: code });
  expect(reply.body.errorCode, JSON.stringify(reply.body)).toBe(0);
  await operationEnd(owner, dataOf(reply).operation.operationId);
  return (await listed(code)) as PasscodeItem;
}

/** One sweep of the retries on the door at `now`, each retry sent followed to its end. */
async function sweepAt(now: number) {
  const summary = await retries().sweep(now, [door.lockId]);
  for (const sent of summary.sent) await operationEnd(owner, sent.operationId);
  return summary;
}

describe('failed credentials retried through the gateway', () => {
  it('retries a passcode the lock could not be reached for on its schedule, until it is on the lock', async () => {
    await fault('outOfRange');
    const before = Date.now();
    const failed = await addCode('4826031');
    expect(failed).toMatchObject({
      status: PasscodeStatus.addFailed,
      syncState: 'failed',
      syncError: 'lockOutOfRange',
    });
    const retryAt = failed.nextRetryAt as number;
    expect(retryAt).toBeGreaterThanOrEqual(before + 60_000);
    expect(retryAt).toBeLessThanOrEqual(Date.now() + 60_000);

    // Not due before its minute is up.
    expect((await sweepAt(retryAt - 1000)).claimed).toBe(0);
    await fault('none');
    const due = await sweepAt(retryAt);
    expect(due.sent).toHaveLength(1);
    expect(await listed('4826031')).toMatchObject({
      status: PasscodeStatus.normal,
      syncState: 'onLock',
      syncError: null,
      nextRetryAt: null,
    });
    expect((await keypad('4826031')).ok).toBe(true);
  });

  it('gives up after the last retry (1 min, 5 min, 15 min, 1 h, 6 h), the failure left visible with its reason', async () => {
    await fault('outOfRange');
    const failed = await addCode('5937142');
    for (let retry = 1; retry <= 5; retry++) {
      expect((await sweepAt(Date.now() + 7 * HOUR)).sent, `retry ${retry}`).toHaveLength(1);
    }
    const [row] = await db().select().from(passcodes).where(eq(passcodes.id, failed.keyboardPwdId));
    expect(row).toMatchObject({ status: PasscodeStatus.addFailed, syncAttempts: 6, syncNextAt: null });
    expect(await listed('5937142')).toMatchObject({
      syncState: 'failed',
      syncError: 'lockOutOfRange',
      nextRetryAt: null,
    });
    expect((await sweepAt(Date.now() + 30 * 24 * HOUR)).claimed).toBe(0);
    await fault('none');
  });

  it('never retries a refusal by the lock (its digits taken by a code the cloud does not know)', async () => {
    expect((await control({ do: 'gainCode', lock: door.mac, code: '6048253' })).ok).toBe(true);
    const refused = await addCode('6048253');
    expect(refused).toMatchObject({ syncState: 'failed', syncError: 'duplicatePasscode', nextRetryAt: null });
    expect((await sweepAt(Date.now() + 30 * 24 * HOUR)).claimed).toBe(0);
    expect((await control({ do: 'loseCode', lock: door.mac, code: '6048253' })).ok).toBe(true);
  });

  it('sends a waiting retry at once when the lock’s gateway comes back online', async () => {
    await fault('outOfRange');
    const failed = await addCode('7150362');
    expect(failed.nextRetryAt).not.toBeNull();
    await fault('none');
    await control({ do: 'offline', gateway: gatewayId });
    await until(async () => dataOf(await owner.call(lock.detail, { lockId: door.lockId })).gateways[0]?.isOnline === 0);
    await control({ do: 'online', gateway: gatewayId });
    await until(async () => (await listed('7150362'))?.syncState === 'onLock', 20_000);
    expect((await keypad('7150362')).ok).toBe(true);
  });
});

describe('reconciliation with what the lock stores', () => {
  it('restores a code the lock lost behind the product’s back and reports one it holds unknown, deleting nothing', async () => {
    const kept = await addCode('7315824');
    expect(kept.syncState).toBe('onLock');
    expect((await control({ do: 'loseCode', lock: door.mac, code: '7315824' })).ok).toBe(true);
    expect((await control({ do: 'gainCode', lock: door.mac, code: '8642097' })).ok).toBe(true);
    expect((await keypad('7315824')).ok).toBe(false);

    const started = await owner.call(credentialSync.reconcile, { lockId: door.lockId });
    expect(started.body.errorCode, JSON.stringify(started.body)).toBe(0);
    const { operation } = dataOf(started);
    expect(operation.name).toBe('listCredentials');
    expect((await operationEnd(owner, operation.operationId)).state).toBe(RemoteOperationState.success);

    const summary = dataOf(await owner.call(credentialSync.summary, { lockId: door.lockId }));
    expect(summary.lastReport).toMatchObject({ operationId: operation.operationId, error: null, missingCount: 1 });
    expect(summary.lastReport?.missing).toEqual([{ kind: 'passcode', value: '7315824', id: kept.keyboardPwdId }]);
    expect(summary.lastReport?.unknown).toContainEqual({ kind: 'passcode', value: '8642097', id: null });

    await until(async () => (await listed('7315824'))?.syncState === 'onLock', 20_000);
    expect((await keypad('7315824')).ok).toBe(true);
    // The unknown code is reported, not deleted; its digits are taken for a new passcode.
    expect((await keypad('8642097')).ok).toBe(true);
    const clash = await owner.call(passcode.add, { lockId: door.lockId, keyboardPwd: '8642097' });
    expect(clash.body.errorCode).toBe(ERRORS.passcodeExists.code);
    const after = dataOf(await owner.call(credentialSync.summary, { lockId: door.lockId }));
    expect(after.counts.onLock).toBeGreaterThanOrEqual(3);
    expect(after.counts.failed).toBeGreaterThanOrEqual(2);
    expect(after.retrying).toBe(0);
  });

  it('answers a stranger, and a lock that does not exist, as no permission', async () => {
    const stranger = (await loggedInClient(setup.server, 'sync-stranger@example.com')).client;
    for (const lockId of [door.lockId, 999_999]) {
      const reconcile = await stranger.call(credentialSync.reconcile, { lockId });
      expect(reconcile.body.errorCode).toBe(ERRORS.noPermission.code);
      const summary = await stranger.call(credentialSync.summary, { lockId });
      expect(summary.body.errorCode).toBe(ERRORS.noPermission.code);
    }
  });
});
