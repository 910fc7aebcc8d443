import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type Balancer, startBalancer } from './balancer';
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
  /** Where browsers reach the product: its one instance. */
  url: string;
  port: number;
  /** Every line the servers printed (their logs carry outbox messages). */
  logFile: string;
  /**
   * On PostgreSQL and an external broker: what a second instance needs to join the first (the
   * same database, broker, share group and root secret), for the specs that prove clustering.
   */
  cluster?: { env: Record<string, string>; dataDir: string };
}

/** Whether this run is on PostgreSQL and an external broker, where a second instance can join the first. */
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
 * Starts the product for the run and describes it in the state file: one instance, as every spec
 * but the cluster's needs. On the embedded engines: a fresh data folder. On PostgreSQL and an MQTT
 * broker (E2E_DATABASE_URL and E2E_MQTT_URL): a scratch database of its own and that broker, with
 * what a second instance needs to join it (`startSecondInstance`).
 */
export async function startProduct(): Promise<{ product: Product; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'smartlock-e2e-'));
  const logFile = join(dataDir, 'server.log');
  const cluster = clustered();
  let product: Product;
  let child: ChildProcess;
  let dropDatabase = async () => {};
  if (!cluster) {
    const one = await startInstance(
      // The machine may run its own broker on 1883: the product's embedded one takes any free port.
      { ...E2E_ENV, DATA_DIR: join(dataDir, 'data'), DATABASE_URL: '', MQTT_PORT: '0', MQTT_URL: '' },
      logFile,
    );
    child = one.child;
    product = { url: `http://localhost:${one.port}`, port: one.port, logFile };
  } else {
    const database = await scratchDatabase(cluster.databaseUrl);
    dropDatabase = () => database.drop().catch((error) => console.error(`dropping the e2e database: ${error}`));
    const shared = {
      ...E2E_ENV,
      DATABASE_URL: database.url,
      MQTT_URL: cluster.mqttUrl,
      // Instances of this run share the gateways' events; no other run's instances on the broker do.
      MQTT_SHARE_GROUP: new URL(database.url).pathname.slice(1),
      SECRET_KEY: randomBytes(32).toString('hex'),
    };
    // A first start without the demo fleet makes the tables and the demo account; then this run's
    // gateways are given ids no other run on the broker uses (a gateway's MQTT client is gw-<id>,
    // with a session the broker keeps), and the instance of the run starts with the demo fleet.
    const maker = await startInstance({ ...shared, DATA_DIR: join(dataDir, 'maker'), DEMO_FLEET: 'false' }, logFile);
    await stopInstance(maker.child);
    await onDatabase(
      database.url,
      `alter sequence gateways_id_seq restart with ${1_000_000 + Math.floor(Math.random() * 1_000_000_000)}`,
    );
    const first = await startInstance({ ...shared, DATA_DIR: join(dataDir, 'first') }, logFile);
    child = first.child;
    product = {
      url: `http://localhost:${first.port}`,
      port: first.port,
      logFile,
      cluster: { env: shared, dataDir },
    };
  }
  process.env.SMARTLOCK_E2E_STATE = join(dataDir, 'product.json');
  writeFileSync(stateFile(), JSON.stringify(product));
  const stop = async () => {
    await stopInstance(child);
    await dropDatabase();
  };
  return { product, stop };
}

/** The product as the global set-up describes it. */
export function product(): Product {
  return JSON.parse(readFileSync(stateFile(), 'utf8')) as Product;
}

/**
 * For the specs that prove clustering: a second instance joined to the run's (the same database,
 * broker and root secret, no demo fleet of its own) and a round-robin balancer in front of both,
 * as production runs. Answers both instances' ports, the balancer, and how to stop what it started.
 */
export async function startSecondInstance(): Promise<{
  instances: [number, number];
  balancer: Balancer;
  stop: () => Promise<void>;
}> {
  const { cluster, port, logFile } = product();
  if (!cluster)
    throw new Error('a second instance needs PostgreSQL and an MQTT broker (E2E_DATABASE_URL, E2E_MQTT_URL)');
  const second = await startInstance(
    { ...cluster.env, DATA_DIR: join(cluster.dataDir, 'second'), DEMO_FLEET: 'false' },
    logFile,
  );
  const balancer = await startBalancer([port, second.port]);
  return {
    instances: [port, second.port],
    balancer,
    stop: async () => {
      await balancer.close();
      await stopInstance(second.child);
    },
  };
}
