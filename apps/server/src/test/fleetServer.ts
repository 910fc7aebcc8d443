import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Config } from '../config';
import { locks } from '../db/schema';
import { loggedInClient, PASSWORD } from './fixtures';
import { type FleetGateway, FleetProcess } from './fleetProcess';
import { startTestServer, type TestClient, type TestServer } from './harness';
import { until } from './until';

/** A test server listening on a real port, an owner logged in, and that owner's simulated fleet. */
export interface FleetServer {
  server: TestServer;
  apiUrl: string;
  owner: string;
  client: TestClient;
  fleet: FleetProcess;
  gateways: FleetGateway[];
  /** The fleet's state file (a restarted fleet carries on from it). */
  stateFile: string;
  /** The arguments for a fleet process of this owner on this server (with `extra` appended). */
  fleetArgs(extra?: string[]): string[];
  close(): Promise<void>;
}

/**
 * Starts the server, registers `owner`, and runs a fleet process for it (`layout`: the fleet
 * CLI's --gateways, --locks-per-gateway, --kinds). Waits until the fleet is ready and remote
 * unlock is on for its door and hotel locks.
 */
export async function startFleetServer(
  owner: string,
  layout: { gateways: number; locksPerGateway: number; kinds: string },
  config: Partial<Config> = {},
): Promise<FleetServer> {
  const server = await startTestServer({ REMOTE_OPERATION_SECONDS: 3, ...config });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const apiUrl = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  const client = (await loggedInClient(server, owner)).client;
  const stateFile = join(mkdtempSync(join(tmpdir(), 'smartlock-fleet-')), 'devices.json');
  const fleetArgs = (extra: string[] = []) => [
    '--api',
    apiUrl,
    '--account',
    owner,
    '--password',
    PASSWORD,
    '--mqtt',
    config.MQTT_URL ?? `mqtt://127.0.0.1:${server.app.services.devices.broker?.port}`,
    '--state',
    stateFile,
    '--latency',
    '20',
    ...extra,
  ];
  const fleet = new FleetProcess(
    fleetArgs([
      '--gateways',
      String(layout.gateways),
      '--locks-per-gateway',
      String(layout.locksPerGateway),
      '--kinds',
      layout.kinds,
    ]),
  ).start();
  const gateways = await fleet.ready();
  const remoteUnlockable = gateways.flatMap((g) => g.locks).filter((l) => l.kind !== 'parking');
  await until(async () => {
    for (const entry of remoteUnlockable) {
      const [row] = await server.app.services.database.db.select().from(locks).where(eq(locks.id, entry.lockId));
      if (row?.switches.remoteUnlock !== 1) return false;
    }
    return true;
  });
  const handle: FleetServer = {
    server,
    apiUrl,
    owner,
    client,
    fleet,
    gateways,
    stateFile,
    fleetArgs,
    async close() {
      await handle.fleet.stop();
      await server.close();
    },
  };
  return handle;
}
