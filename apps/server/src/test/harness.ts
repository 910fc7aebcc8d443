import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import {
  ACCESS_TOKEN_COOKIE,
  type CallDefinition,
  type CallRef,
  type DataOf,
  type Envelope,
  RequestParam,
} from '@smartlock/contract';
import { Caller, type CallParams, type CallSigning, type ParamsArg, type WireParams } from '@smartlock/contract/client';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type BuildOptions, buildApp } from '../app';
import { type Config, testConfig } from '../config';
import { dataOf, type Reply } from './reply';

export { dataOf, type Reply } from './reply';

export const CONSOLE_SECRET = 'test-console-secret-0123456789';
export const SERVER_APP = { appId: 'partner-api', secret: 'partner-secret-0123456789', kind: 'server' as const };

/** Only the database and system tiers start servers (vitest.config.ts): a misnamed file says so. */
function assertServerTier(): void {
  const tier = process.env.SMARTLOCK_TEST_TIER;
  if (tier !== 'database' && tier !== 'system') {
    throw new Error(
      `a test server starts the app on a database: name this file *.db.test.ts (or *.system.test.ts), not a ${tier ?? 'unknown'}-tier test`,
    );
  }
}

/**
 * A throwaway PostgreSQL database per test server when TEST_DATABASE_URL is set, copied from the
 * migrated template the tier's set-up made.
 */
async function scratchDatabase(): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return undefined;
  const name = `sl_test_${randomBytes(6).toString('hex')}`;
  const template = inject('postgresTemplate');
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export interface CallOptions {
  /** Sign with this app instead of the console. */
  app?: { appId: string; secret: string };
  timestamp?: number;
  /** Replace the computed signature. */
  sign?: string;
  /** Send these parameters instead of the signed ones (tampering). */
  tamper?: Record<string, string>;
  headers?: Record<string, string>;
  /** Send no cookie even if the client holds one. */
  noCookie?: boolean;
  /** Send a multipart body (an upload): the signed parameters as fields, then these files. */
  files?: MultipartFile[];
}

let addressesHandedOut = 0;
/**
 * An address of its own for each client (behind the trusted proxy), so per-address limits treat
 * clients as separate users: handed out in turn, never twice in one test file.
 */
function nextAddress(): string {
  const n = addressesHandedOut++;
  return `198.18.${Math.floor(n / 250) % 250}.${1 + (n % 250)}`;
}

/** The migrated PGlite data directory every PGlite test server of this file starts from. */
let pgliteDump: Blob | undefined;
function migratedDump(): Blob {
  pgliteDump ??= new Blob([readFileSync(inject('pgliteDumpFile'))]);
  return pgliteDump;
}

/** A file of a multipart call (an upload). */
export interface MultipartFile {
  field: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

const CONSOLE_APP = { appId: 'smartlock-console', secret: CONSOLE_SECRET };

/** The signing a call's options ask for: another app, a fixed time. */
const signingOf = (options: CallOptions = {}): CallSigning => ({
  ...(options.app ? { app: options.app } : {}),
  ...(options.timestamp !== undefined ? { timestamp: options.timestamp } : {}),
});

/** The signed fields as a call's options send them: another signature, tampered parameters. */
const finished = (fields: Record<string, string>, options: CallOptions): Record<string, string> => ({
  ...fields,
  ...(options.sign !== undefined ? { [RequestParam.sign]: options.sign } : {}),
  ...options.tamper,
});

/** A signing API client with a cookie jar, like the console, on the contract's call core. */
export class TestClient {
  cookie: string | undefined;
  private readonly caller: Caller<Reply<unknown>, CallOptions>;

  constructor(
    private readonly app: FastifyInstance,
    readonly lang = 'en_US',
    /** Each client calls from an address of its own (behind the trusted proxy), as separate users do. */
    readonly ip = nextAddress(),
  ) {
    this.caller = new Caller<Reply<unknown>, CallOptions>({
      app: CONSOLE_APP,
      lang: () => this.lang,
      signing: signingOf,
      send: ({ call, fields, extra: options = {} }) => {
        const sent = finished(fields, options);
        return options.files
          ? this.sendMultipart(call.path, sent, options.files, options)
          : this.send(call.method, call.path, sent, options);
      },
      dataOf: (raw) => dataOf(raw),
    });
  }

  /** The fields a call sends: its parameters signed (a fresh, strictly increasing timestamp). */
  async signed(call: CallRef, params: WireParams, options: CallOptions = {}): Promise<Record<string, string>> {
    return finished(await this.caller.sign(call, params, signingOf(options)), options);
  }

  /** A call typed by the contract: its parameters checked, its reply's data typed. */
  async call<C extends CallRef>(
    call: C,
    ...[params, options]: ParamsArg<C, [options: CallOptions]>
  ): Promise<Reply<DataOf<C>>> {
    return this.callRaw(call, params as WireParams, options);
  }

  /**
   * A call with any parameters at all: what the contract refuses (a missing or unknown parameter,
   * a value of the wrong kind), to see the server refuse it too. Its reply is typed by the call.
   */
  async callRaw<C extends CallRef>(
    call: C,
    params: WireParams = {},
    options: CallOptions = {},
  ): Promise<Reply<DataOf<C>>> {
    return (await this.caller.callRaw(call as CallRef<CallDefinition>, params, options)) as Reply<DataOf<C>>;
  }

  /** A signed multipart call (an upload): the fields are the signed parameters, the files ride apart. */
  async callMultipart<C extends CallRef>(
    call: C,
    params: CallParams<C>,
    files: MultipartFile[],
    options: CallOptions = {},
  ): Promise<Reply<DataOf<C>>> {
    return this.callRaw(call, params as WireParams, { ...options, files });
  }

  private async sendMultipart(
    path: string,
    fields: Record<string, string>,
    files: MultipartFile[],
    options: CallOptions,
  ): Promise<Reply<unknown>> {
    const boundary = `----smartlock${randomBytes(8).toString('hex')}`;
    const parts: Buffer[] = [];
    for (const [name, value] of Object.entries(fields)) {
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    }
    for (const file of files) {
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
        ),
        file.data,
        Buffer.from('\r\n'),
      );
    }
    parts.push(Buffer.from(`--${boundary}--\r\n`));
    const headers: Record<string, string> = {
      'x-forwarded-for': this.ip,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...options.headers,
    };
    if (this.cookie && !options.noCookie) headers.cookie = `${ACCESS_TOKEN_COOKIE}=${this.cookie}`;
    const response = await this.app.inject({
      method: 'POST',
      url: `/api${path}`,
      payload: Buffer.concat(parts),
      headers,
    });
    return { status: response.statusCode, body: response.json() as Envelope<unknown>, headers: response.headers };
  }

  async send<T = unknown>(
    method: 'GET' | 'POST',
    path: string,
    params: Record<string, string>,
    options: CallOptions = {},
  ): Promise<Reply<T>> {
    const headers: Record<string, string> = { 'x-forwarded-for': this.ip, ...options.headers };
    if (this.cookie && !options.noCookie) headers.cookie = `${ACCESS_TOKEN_COOKIE}=${this.cookie}`;
    const body = new URLSearchParams(params).toString();
    const response = await this.app.inject(
      method === 'GET'
        ? { method, url: `/api${path}?${body}`, headers }
        : {
            method,
            url: `/api${path}`,
            payload: body,
            headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
          },
    );
    const set = response.cookies.find((c) => c.name === ACCESS_TOKEN_COOKIE);
    if (set) this.cookie = set.value === '' || (set.maxAge !== undefined && set.maxAge <= 0) ? undefined : set.value;
    return { status: response.statusCode, body: response.json() as Envelope<T>, headers: response.headers };
  }
}

/**
 * The shared-subscription group of a test's instances: one per database, as one per deployment,
 * so the instances of other tests on the same broker never take this test's gateway events.
 */
function shareGroupOf(databaseUrl: string | undefined): string {
  return databaseUrl ? new URL(databaseUrl).pathname.slice(1) : `test-${randomBytes(6).toString('hex')}`;
}

export interface TestServer {
  app: FastifyInstance;
  /** The PostgreSQL database it uses, when it uses one (another instance can share it). */
  databaseUrl: string | undefined;
  logs: string[];
  client(lang?: string): TestClient;
  close(): Promise<void>;
}

/** The real app on a real database (PGlite in memory, or PostgreSQL), with captured logs. */
export async function startTestServer(
  overrides: Partial<Config> = {},
  options: BuildOptions = {},
): Promise<TestServer> {
  assertServerTier();
  const scratch = overrides.DATABASE_URL ? undefined : await scratchDatabase();
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logs.push(chunk.toString());
      done();
    },
  });
  const app = await buildApp(
    testConfig({
      LOG_LEVEL: 'debug',
      CONSOLE_APP_SECRET: CONSOLE_SECRET,
      API_APPS: [SERVER_APP],
      TRUST_PROXY: true,
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
      MQTT_SHARE_GROUP: shareGroupOf(overrides.DATABASE_URL ?? scratch?.url),
      ...overrides,
    }),
    {
      logStream,
      pgliteDump: scratch || overrides.DATABASE_URL ? undefined : migratedDump(),
      // Tests send webhooks only when they run the worker themselves (to receivers of their own).
      webhookWorker: { autoStart: false },
      // Tests read calendar feeds when they say so ("Read now", or the poller run by hand).
      feedPoller: { autoStart: false },
      // Tests sweep for lasting alerts themselves, on a clock of their own.
      alertSweep: false,
      ...options,
    },
  );
  await app.ready();
  return {
    app,
    databaseUrl: overrides.DATABASE_URL ?? scratch?.url,
    logs,
    client: (lang) => new TestClient(app, lang),
    close: async () => {
      await app.close();
      await scratch?.drop();
    },
  };
}
