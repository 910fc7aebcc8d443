import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startBalancer } from './balancer';
import { startInstance, stopInstance } from './instance';

const E2E_ENV = {
  // Behind a trusted proxy header, each test calls from an address of its own, as separate users do.
  TRUST_PROXY: 'true',
  LOG_LEVEL: 'info',
  NODE_ENV: 'development',
};
/**
 * Where this run's product is described for the test workers: a file of this run's own (global
 * set-up names it in the environment the workers inherit), so runs side by side never mix.
 */
export function stateFile(): string {
  const named = process.env.SMARTLOCK_E2E_STATE;
  if (!named) throw new Error('SMARTLOCK_E2E_STATE is not set: the global set-up starts the product');
  return named;
}

export interface Product {
  /** Where browsers reach the product: the only instance, or the load balancer in front of two. */
  url: string;
  port: number;
  /** Each instance's own port (two behind the balancer, or the one that is `port`). */
  instances: number[];
  /** Every line the servers printed (their logs carry outbox messages). */
  logFile: string;
}

/** Whether this run starts two instances on PostgreSQL and an external broker behind a balancer. */
export function clustered(): { databaseUrl: string; mqttUrl: string } | undefined {
  const databaseUrl = process.env.E2E_DATABASE_URL;
  const mqttUrl = process.env.E2E_MQTT_URL;
  return databaseUrl && mqttUrl ? { databaseUrl, mqttUrl } : undefined;
}

/** Runs one statement on a database. */
async function onDatabase(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A database of this run's own on the given server; dropped when the run ends. */
async function scratchDatabase(base: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `smartlock_e2e_${randomBytes(6).toString('hex')}`;
  await onDatabase(base, `create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onDatabase(base, `drop database if exists ${name} with (force)`) };
}

/**
 * Starts the product for the run and describes it in the state file. On the embedded engines:
 * one instance with a fresh data folder. Clustered (E2E_DATABASE_URL and E2E_MQTT_URL): two
 * instances sharing one PostgreSQL database, the MQTT broker and the root secret, behind a
 * round-robin balancer, so consecutive calls of one page land on different instances.
 */
export async function startProduct(): Promise<{ product: Product; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'smartlock-e2e-'));
  const logFile = join(dataDir, 'server.log');
  const cluster = clustered();
  const children: ChildProcess[] = [];
  let product: Product;
  let stopRest = async () => {};
  if (!cluster) {
    const one = await startInstance(
      // The machine may run its own broker on 1883: the product's embedded one takes any free port.
      { ...E2E_ENV, DATA_DIR: join(dataDir, 'data'), DATABASE_URL: '', MQTT_PORT: '0', MQTT_URL: '' },
      logFile,
    );
    children.push(one.child);
    product = { url: `http://localhost:${one.port}`, port: one.port, instances: [one.port], logFile };
  } else {
    const database = await scratchDatabase(cluster.databaseUrl);
    const shared = {
      ...E2E_ENV,
      DATABASE_URL: database.url,
      MQTT_URL: cluster.mqttUrl,
      // The two instances share the gateways' events; no other run's instances on the broker do.
      MQTT_SHARE_GROUP: new URL(database.url).pathname.slice(1),
      SECRET_KEY: randomBytes(32).toString('hex'),
    };
    // The second instance makes the tables and the demo account; then this run's gateways are
    // given ids no other run on the broker uses (a gateway's MQTT client is gw-<id>, with a
    // session the broker keeps), and the first instance joins with the demo fleet.
    const second = await startInstance({ ...shared, DATA_DIR: join(dataDir, 'second'), DEMO_FLEET: 'false' }, logFile);
    children.push(second.child);
    await onDatabase(
      database.url,
      `alter sequence gateways_id_seq restart with ${1_000_000 + Math.floor(Math.random() * 1_000_000_000)}`,
    );
    const first = await startInstance({ ...shared, DATA_DIR: join(dataDir, 'first') }, logFile);
    children.push(first.child);
    const balancer = await startBalancer([first.port, second.port]);
    product = {
      url: `http://localhost:${balancer.port}`,
      port: balancer.port,
      instances: [first.port, second.port],
      logFile,
    };
    stopRest = async () => {
      console.log(`load balancer: requests per instance ${balancer.served.join(' / ')}`);
      await balancer.close();
      await database.drop().catch((error) => console.error(`dropping the e2e database: ${error}`));
    };
  }
  process.env.SMARTLOCK_E2E_STATE = join(dataDir, 'product.json');
  writeFileSync(stateFile(), JSON.stringify(product));
  const stop = async () => {
    await Promise.all(children.map((child) => stopInstance(child)));
    await stopRest();
  };
  return { product, stop };
}
