import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { ERRORS, errorNameOf, lock, RemoteOperationState, user } from '@smartlock/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addLock } from '../test/devices';
import { loggedInClient } from '../test/fixtures';
import { type FleetServer, startFleetServer } from '../test/fleetServer';
import { dataOf, startTestServer, type TestServer } from '../test/harness';
import { operate, operationEnd } from '../test/operations';
import { ownersOf, preparedTransfer } from '../test/transfers';
import { until } from '../test/until';

/**
 * Faults the service must ride out: PostgreSQL dropping every connection while requests and a
 * multi-lock transfer run (as when it restarts), and the MQTT broker restarting under a live fleet.
 * The first needs TEST_DATABASE_URL; the second Mosquitto's binary (the test runs its own broker).
 */
const MOSQUITTO = ['/usr/sbin/mosquitto', '/usr/bin/mosquitto'].find((path) => existsSync(path));

/** Ends every connection the server holds to its database, as a database restart does (`spare`: the test's own). */
async function dropConnections(databaseUrl: string, spare = 0): Promise<number> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    const result = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and pid <> $1',
      [spare],
    );
    return result.rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

/** Whether a connection to the database waits for a row lock to update locks. */
async function updateOfLocksWaiting(databaseUrl: string): Promise<boolean> {
  const observer = new pg.Client({ connectionString: databaseUrl });
  await observer.connect();
  try {
    const waiting = await observer.query(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock' and query like 'update "locks"%'`,
    );
    return (waiting.rows[0] as { n: number }).n > 0;
  } finally {
    await observer.end();
  }
}

/** Where a drop lands in a lock transfer. */
type Moment = 'as it is sent' | 'inside its transaction' | 'after its answer';

/**
 * Sends a transfer and drops every connection at `moment`; answers the transfer's reply. Inside
 * its transaction: the test holds the locks' rows, so the transaction (its code already spent)
 * waits on them until the drop ends it.
 */
async function transferWithDrop(
  databaseUrl: string,
  { client, lockIds, params }: Awaited<ReturnType<typeof preparedTransfer>>,
  moment: Moment,
) {
  if (moment === 'after its answer') {
    const reply = await client.call(lock.transfer, params);
    await dropConnections(databaseUrl);
    return reply;
  }
  if (moment === 'as it is sent') {
    const transfer = client.call(lock.transfer, params);
    await dropConnections(databaseUrl);
    return transfer;
  }
  const holder = new pg.Client({ connectionString: databaseUrl });
  await holder.connect();
  try {
    const pid = ((await holder.query('select pg_backend_pid() as pid')).rows[0] as { pid: number }).pid;
    await holder.query('begin');
    await holder.query('select id from locks where id = any($1) for update', [lockIds]);
    const transfer = client.call(lock.transfer, params);
    await until(() => updateOfLocksWaiting(databaseUrl), 10_000);
    expect(await dropConnections(databaseUrl, pid)).toBeGreaterThan(0);
    await holder.query('rollback');
    return await transfer;
  } finally {
    await holder.end();
  }
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('the database drops every connection while requests run', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  // Once in about fifteen runs here, closing this server after its connections were cut has
  // taken more than a minute; the cause is still open. The
  // teardown is bounded so that it cannot hide or fail the checks above, and it says so when it waits.
  afterAll(async () => {
    const closed = await Promise.race([
      server.close().then(() => true),
      new Promise<boolean>((r) => setTimeout(() => r(false), 20_000)),
    ]);
    if (!closed) console.warn('the test server was still closing after 20 s');
  });

  it('answers every request in flight with success or "try again" (503), and serves again at once', async () => {
    const { client } = await loggedInClient(server, 'db-restart@example.com');
    const lockId = await addLock(client, 'Door before the restart');
    const requests = Array.from({ length: 40 }, (_, i) =>
      i % 4 === 0
        ? client.call(lock.rename, { lockId, lockName: `Door ${i}` })
        : client.call(i % 2 ? user.getInfo : lock.list, i % 2 ? {} : { pageNo: 1, pageSize: 20 }),
    );
    const dropped = await dropConnections(server.databaseUrl as string);
    expect(dropped).toBeGreaterThan(0);
    for (const reply of await Promise.all(requests)) {
      expect(errorNameOf(reply.body.errorCode), JSON.stringify(reply.body)).toBeDefined();
      if (reply.body.errorCode !== 0) expect(reply.body.errorCode).toBe(ERRORS.serviceUnavailable.code);
    }
    await until(async () => (await client.call(user.getInfo)).body.errorCode === 0, 10_000);
    expect((await client.call(lock.detail, { lockId })).body.errorCode).toBe(0);
    expect((await server.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('never leaves a lock transfer half done when the connections drop in the middle of it', async () => {
    const receiver = 'transfer-fault-receiver@example.com';
    const { uid: receiverId } = await loggedInClient(server, receiver);
    // The drop lands as the request goes out (before or around the transaction, as it happens),
    // inside the transfer's transaction (held there on purpose), and after its answer.
    const moments: Moment[] = ['as it is sent', 'inside its transaction', 'after its answer'];
    for (const [i, moment] of moments.entries()) {
      const prepared = await preparedTransfer(server, `transfer-fault-${i}@example.com`, receiver);
      const { client, giverId, lockIds, params } = prepared;
      const reply = await transferWithDrop(server.databaseUrl as string, prepared, moment);
      await until(async () => (await client.call(user.getInfo)).body.errorCode === 0, 10_000);
      if (moment === 'inside its transaction') expect(reply.body.errorCode, JSON.stringify(reply.body)).not.toBe(0);
      if (reply.body.errorCode === 0) {
        expect(await ownersOf(server, lockIds)).toEqual([receiverId]);
        continue;
      }
      // Refused by the drop: nothing moved and the code is still good, so trying again moves all.
      expect(reply.body.errorCode, JSON.stringify(reply.body)).toBe(ERRORS.serviceUnavailable.code);
      expect(await ownersOf(server, lockIds), `after a drop ${moment}`).toEqual([giverId]);
      expect((await client.call(lock.transfer, params)).body.errorCode).toBe(0);
      expect(await ownersOf(server, lockIds)).toEqual([receiverId]);
    }
  }, 120_000);
});

/** A port nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A Mosquitto of the test's own on a port (no persistence: a restart forgets every session). */
async function startMosquitto(port: number): Promise<ChildProcess> {
  const child = spawn(MOSQUITTO as string, ['-p', String(port)], { stdio: 'ignore' });
  await until(
    () =>
      new Promise<boolean>((resolve) => {
        const socket = connect(port, '127.0.0.1');
        socket.once('connect', () => {
          socket.end();
          resolve(true);
        });
        socket.once('error', () => resolve(false));
      }),
    10_000,
  );
  return child;
}

describe.skipIf(!MOSQUITTO)('the MQTT broker restarts under a live fleet', () => {
  let setup: FleetServer;
  let broker: ChildProcess;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    broker = await startMosquitto(port);
    setup = await startFleetServer(
      'broker-restart@example.com',
      { gateways: 1, locksPerGateway: 1, kinds: 'door' },
      { MQTT_URL: `mqtt://127.0.0.1:${port}`, SECRET_KEY: 'broker-restart-test-secret-0123456789' },
    );
  }, 90_000);
  afterAll(async () => {
    await setup?.close();
    broker?.kill('SIGKILL');
  });

  it('ends an operation started while it is down, then reconnects the cloud and the gateway, and unlocks again', async () => {
    const { server, client, gateways: fleet } = setup;
    const lockId = fleet[0]?.locks[0]?.lockId as number;
    const gatewayId = fleet[0]?.gatewayId as number;
    expect((await operate(client, lock.unlock, { lockId })).state).toBe(RemoteOperationState.success);

    const linesBefore = setup.fleet.lines.length;
    broker.kill('SIGKILL');
    await setup.fleet.waitFor((line) => line.event === 'offline' && line.gatewayId === gatewayId, 10_000, linesBefore);
    await until(async () => (await server.app.inject({ method: 'GET', url: '/readyz' })).statusCode === 503, 10_000);
    // Refused at once, or started and ended (not opened) by its deadline: never left open.
    const started = await client.call(lock.unlock, { lockId });
    if (started.body.errorCode === 0) {
      const ended = await operationEnd(client, dataOf(started).operationId);
      expect(ended.state).not.toBe(RemoteOperationState.success);
    } else expect(errorNameOf(started.body.errorCode)).toBeDefined();

    broker = await startMosquitto(port);
    await until(async () => (await server.app.inject({ method: 'GET', url: '/readyz' })).statusCode === 200, 30_000);
    // The gateway finds the broker again by itself and says it is online.
    await setup.fleet.waitFor((line) => line.event === 'online' && line.gatewayId === gatewayId, 30_000, linesBefore);
    expect((await operate(client, lock.unlock, { lockId })).state).toBe(RemoteOperationState.success);
  }, 90_000);
});
