/**
 * The product as production runs it, for the load and capacity benchmarks: the built server
 * (`apps/server/dist/main.js`) as N processes on one PostgreSQL database and one MQTT broker, with
 * one root secret, behind a round-robin balancer when there are several.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Balancer, startBalancer } from '../e2e/support/balancer';
import { type Instance, startInstance, stopInstance } from '../e2e/support/instance';
import { BENCH_CONSOLE_SECRET } from './support';

export const ROOT = join(import.meta.dirname, '..');

export interface ClusterSettings {
  databaseUrl: string;
  /** A shared broker; none: one instance with its embedded broker. */
  mqttUrl: string | undefined;
  instances: number;
  /** Further settings every instance gets. */
  env?: Record<string, string>;
}

export interface Cluster {
  instances: Instance[];
  balancer: Balancer | undefined;
  /** Where calls go: the balancer, or the one instance. */
  api: string;
  /** The broker gateways connect to. */
  brokerUrl: string;
  stop(): Promise<void>;
}

/**
 * What a benchmark on the built product needs, checked before anything starts: a scratch
 * database, a shared broker for several instances, the build. Exits 2 with the reason otherwise.
 */
export function clusterSettingsFromEnv(bench: string, defaultInstances?: number): ClusterSettings {
  const databaseUrl = process.env.DATABASE_URL;
  const mqttUrl = process.env.MQTT_URL || undefined;
  const instances = Number(process.env.BENCH_INSTANCES ?? defaultInstances ?? (mqttUrl ? 2 : 1));
  if (!databaseUrl) {
    console.error(`The ${bench} benchmark needs DATABASE_URL: a scratch PostgreSQL database it may fill.`);
    process.exit(2);
  }
  if (instances > 1 && !mqttUrl) {
    console.error('Several instances need a shared broker: set MQTT_URL (e.g. mqtt://127.0.0.1:1883).');
    process.exit(2);
  }
  if (!existsSync(join(ROOT, 'apps/server/dist/main.js'))) {
    console.error('Build the product first: npm run build');
    process.exit(2);
  }
  return { databaseUrl, mqttUrl, instances };
}

/** Starts the instances (one after the other: they migrate in turn) and the balancer in front. */
export async function startCluster(settings: ClusterSettings): Promise<Cluster> {
  const secretKey = randomBytes(32).toString('hex');
  const dataDir = mkdtempSync(join(tmpdir(), 'smartlock-cluster-'));
  const instances: Instance[] = [];
  for (let i = 0; i < settings.instances; i++) {
    instances.push(
      await startInstance({
        DATABASE_URL: settings.databaseUrl,
        SECRET_KEY: secretKey,
        CONSOLE_APP_SECRET: BENCH_CONSOLE_SECRET,
        DATA_DIR: join(dataDir, `instance-${i}`),
        DEMO: 'false',
        TRUST_PROXY: 'true',
        LOG_LEVEL: 'warn',
        ...(settings.mqttUrl ? { MQTT_URL: settings.mqttUrl } : { MQTT_PORT: '0' }),
        ...settings.env,
      }),
    );
  }
  const balancer = instances.length > 1 ? await startBalancer(instances.map((s) => s.port)) : undefined;
  return {
    instances,
    balancer,
    api: `http://127.0.0.1:${balancer?.port ?? instances[0]?.port}`,
    brokerUrl: settings.mqttUrl ?? instances[0]?.brokerUrl ?? '',
    async stop() {
      await balancer?.close();
      for (const instance of instances) await stopInstance(instance.child);
    },
  };
}

/** A broker URL without its credentials, for printing. */
export function withoutCredentials(url: string): string {
  return url.replace(/\/\/[^@]*@/, '//');
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
