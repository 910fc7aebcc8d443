import { AlertKind, LockRecordType, LockState, lockRecord, RemoteOperationState, webhook } from '@smartlock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDENTIAL_COMMANDS } from '../../operationOutcomes';
import { addGateway, addLock } from '../../test/devices';
import { loggedInClient } from '../../test/fixtures';
import { startTestServer, type TestClient, type TestServer } from '../../test/harness';
import { until } from '../../test/until';
import { applyGatewayStatus } from '../gateway/gatewayQueries';
import { applyResult } from '../lock/lockReportedState';
import type { OperationRow } from '../remoteOperation/remoteOperationQueries';
import { deliveriesOfEndpoint } from './webhookDeliveryQueries';
import { BATTERY_LOW_PERCENT, WebhookEmitters } from './webhookEmitters';

/**
 * What the product learns from devices becomes events, through the same queries the device inbox
 * and the remote-operation engine use: a change of bolt (not a repeat), a battery falling below
 * the threshold (once), a gateway coming online or going offline (a change only), an operation's
 * result and, for a credential command, credential.set or credential.failed.
 */

let server: TestServer;
let owner: TestClient;
let uid: number;
let lockId: number;
let gatewayId: number;
let endpointId: number;
let emitters: WebhookEmitters;

beforeAll(async () => {
  server = await startTestServer();
  ({ client: owner, uid } = await loggedInClient(server, 'webhook-events@example.com'));
  lockId = await addLock(owner, 'Garage');
  gatewayId = (await addGateway(owner, 'Hall', [lockId])).gatewayId;
  const added = await owner.call(webhook.add, {
    url: 'http://127.0.0.1:9/never-sent',
    events:
      'lock.state,lock.batteryLow,gateway.online,gateway.offline,remoteOperation.result,credential.set,credential.failed',
  });
  endpointId = (added.body.data as { endpoint: { endpointId: number } }).endpoint.endpointId;
  emitters = new WebhookEmitters(
    server.app.services.database.db,
    server.app.services.webhooks.events,
    CREDENTIAL_COMMANDS,
  );
}, 60_000);

afterAll(async () => server?.close());

/** The events stored for the endpoint so far, oldest first. */
async function events(): Promise<{ type: string; data: Record<string, unknown> }[]> {
  const { rows } = await deliveriesOfEndpoint(server.app.services.database.db, endpointId, { offset: 0, limit: 50 });
  return rows.reverse().map((row) => JSON.parse(row.body));
}

describe('device reports', () => {
  it('tells a change of bolt once, and a battery falling below the threshold once', async () => {
    const db = server.app.services.database.db;
    const report = async (state: number, battery: number, at: number) => {
      const change = await applyResult(db, lockId, 'queryState', { state, battery }, { at, by: 'event' });
      if (change) await emitters.lockChanged(uid, change);
    };
    const now = Date.now();
    await report(LockState.unlocked, 80, now);
    await report(LockState.unlocked, 60, now + 1); // the same bolt: no event
    await report(LockState.locked, BATTERY_LOW_PERCENT - 1, now + 2);
    await report(LockState.locked, BATTERY_LOW_PERCENT - 5, now + 3); // still low: no second event
    expect(await events()).toEqual([
      {
        ...eventOf('lock.state'),
        data: { lockId, state: LockState.unlocked, previousState: expect.any(Number), battery: 80 },
      },
      {
        ...eventOf('lock.state'),
        data: { lockId, state: LockState.locked, previousState: LockState.unlocked, battery: 19 },
      },
      { ...eventOf('lock.batteryLow'), data: { lockId, battery: 19, threshold: BATTERY_LOW_PERCENT } },
    ]);
  });

  it('tells a gateway coming online and going offline, not a repeated status', async () => {
    const db = server.app.services.database.db;
    const from = (await events()).length;
    const status = async (online: boolean, at: number) => {
      const applied = await applyGatewayStatus(db, gatewayId, { v: 1, kind: 'status', online, at, sig: '' });
      if (applied) await emitters.gatewayChanged(applied.ownerId, gatewayId, applied.online === 1, applied.wasOnline);
    };
    const at = Date.now();
    await status(true, at);
    await status(true, at + 1);
    await status(false, at + 2);
    expect((await events()).slice(from)).toEqual([
      { ...eventOf('gateway.online'), data: { gatewayId } },
      { ...eventOf('gateway.offline'), data: { gatewayId } },
    ]);
  });

  it("tells an operation's result, and a credential command's as credential.set or credential.failed", async () => {
    const from = (await events()).length;
    const ended = (command: string, state: number, params: Record<string, unknown> = {}) =>
      ({
        id: `op-${command}-${state}`,
        lockId,
        gatewayId,
        userId: uid,
        name: command,
        command,
        params,
        state,
        error: state === RemoteOperationState.success ? null : 'timeout',
        result: null,
        createdAt: new Date(),
        deadline: new Date(),
        finishedAt: new Date(),
      }) as OperationRow;
    await emitters.operationEnded(ended('unlock', RemoteOperationState.success), undefined);
    await emitters.operationEnded(
      ended('addPasscode', RemoteOperationState.failed, { passcodeId: 7, code: '123456', startDate: 1 }),
      undefined,
    );
    const told = (await events()).slice(from);
    expect(told.map((e) => [e.type, e.data.outcome])).toEqual([
      ['remoteOperation.result', 'success'],
      ['remoteOperation.result', 'failed'],
      ['credential.failed', 'failed'],
    ]);
    expect(told[2]?.data.params).toEqual({ passcodeId: 7, startDate: 1 });
    expect(JSON.stringify(told)).not.toContain('123456');
  });
});

describe('alerts', () => {
  it('tells an alert raised (a tamper record) to an endpoint that chose alert.raised, through the app as it runs', async () => {
    const added = await owner.call(webhook.add, { url: 'http://127.0.0.1:9/alerts', events: 'alert.raised' });
    const alertEndpoint = (added.body.data as { endpoint: { endpointId: number } }).endpoint.endpointId;
    const at = Date.now() - 60_000;
    const records = [
      { recordId: '9001', recordType: LockRecordType.tamperAlert, success: 1, username: '', lockTime: at },
    ];
    const uploaded = await owner.call(lockRecord.upload, { lockId, records: JSON.stringify(records) });
    expect(uploaded.body.errorCode, JSON.stringify(uploaded.body)).toBe(0);
    const db = server.app.services.database.db;
    // Alerts of records are raised after the intake's commit, without the upload waiting for them.
    await until(async () => (await deliveriesOfEndpoint(db, alertEndpoint, { offset: 0, limit: 5 })).rows.length > 0);
    const { rows } = await deliveriesOfEndpoint(db, alertEndpoint, { offset: 0, limit: 5 });
    expect(rows.map((row) => JSON.parse(row.body))).toEqual([
      {
        ...eventOf('alert.raised'),
        data: {
          alertId: expect.any(Number),
          kind: AlertKind.tamper,
          lockId,
          gatewayId: null,
          details: expect.objectContaining({ recordType: LockRecordType.tamperAlert }),
          raisedAt: expect.any(Number),
        },
      },
    ]);
  });
});

function eventOf(type: string) {
  return { id: expect.stringMatching(/^evt_/), type, createdAt: expect.any(Number) };
}
