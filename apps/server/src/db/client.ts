import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { serverRoot } from '../paths';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything queries can run on: the database or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgresql';
  /** Where the data lives, for the start banner (no credentials). */
  location: string;
  close(): Promise<void>;
}

const MIGRATIONS = () => join(serverRoot(), 'drizzle');

/**
 * PGlite's start parameters: its own, plus a buffer cache of 32 MB instead of PostgreSQL's 128 MB.
 * The embedded engine serves one instance's data, small enough to stay cached in 32 MB, and every
 * page of a larger cache the WebAssembly heap once touches stays resident for good: this keeps
 * about 110 MB off an idle instance (docs/performance.md, "Memory"). Given on the command line, so
 * the postgresql.conf in DATA_DIR stays as initdb wrote it.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];
/**
 * The extensions the migrations create (pg_trgm and btree_gin: the unlock records' person search,
 * docs/records.md). PostgreSQL ships them in its contrib package; PGlite loads them on demand.
 */
const PGLITE_EXTENSIONS = { pg_trgm, btree_gin };
const CUSTOM_PLANS = '-c plan_cache_mode=force_custom_plan';

/** The connection's start-up `options`: those the URL gives, then ours. */
function withStartupOption(fromUrl: string | null, option: string): string {
  return fromUrl ? `${fromUrl} ${option}` : option;
}
/** Any constant: instances starting together take turns applying migrations. */
const MIGRATION_LOCK = 7_301_966;

function describeUrl(url: string): string {
  const parsed = new URL(url);
  return `postgresql://${parsed.host}${parsed.pathname}`;
}

/**
 * Opens the database and applies the committed migrations: PostgreSQL when a URL is given,
 * else the embedded PGlite in `dataDir` (":memory:" keeps it in memory, for tests).
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Told about connections the server dropped (restarts, terminations); the pool replaces them. */
  onConnectionError?: (error: Error) => void;
  /** For PGlite in memory: start from this data-directory dump (see `migratedPgliteDump`). */
  pgliteDump?: Blob | undefined;
}): Promise<Database> {
  if (options.databaseUrl) {
    // The statements every call makes are prepared once per connection (db/prepared.ts); each run
    // is still planned for its own values, as an unprepared one is, so preparing never changes a
    // plan (a generic plan walked every lock for an administrator's page). A start-up parameter of
    // the connection: no statement of its own, none queued behind another.
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      options: withStartupOption(new URL(options.databaseUrl).searchParams.get('options'), CUSTOM_PLANS),
    });
    // A client whose connection the server ends emits "error"; unheard, it would crash us. The pool
    // hears its idle clients only: a client checked out (a transaction between two queries) needs
    // its own listener. Its next query then fails (the request answers 503) and the pool drops it.
    pool.on('error', (error) => options.onConnectionError?.(error));
    pool.on('connect', (client) => {
      client.on('error', (error) => options.onConnectionError?.(error));
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const lock = await pool.connect();
    try {
      await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migratePg(drizzlePg(pool, { schema }), { migrationsFolder: MIGRATIONS() });
    } finally {
      await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
      lock.release();
    }
    return { db, engine: 'postgresql', location: describeUrl(options.databaseUrl), close: () => pool.end() };
  }
  let dataDir: string | undefined;
  if (options.dataDir !== ':memory:') {
    dataDir = resolve(options.dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  const client = dataDir
    ? new PGlite(dataDir, { startParams: PGLITE_START_PARAMS, extensions: PGLITE_EXTENSIONS })
    : new PGlite({
        startParams: PGLITE_START_PARAMS,
        extensions: PGLITE_EXTENSIONS,
        ...(options.pgliteDump ? { loadDataDir: options.pgliteDump } : {}),
      });
  const pglite = drizzlePglite(client, { schema });
  await migratePglite(pglite, { migrationsFolder: MIGRATIONS() });
  return {
    db: pglite as unknown as Db,
    engine: 'pglite',
    location: dataDir ?? 'memory',
    close: () => client.close(),
  };
}

/**
 * An empty PGlite database with every migration applied, as a data-directory dump: a PGlite
 * started from it skips creating a cluster (about a second), which test servers do by the hundred.
 */
export async function migratedPgliteDump(): Promise<Blob> {
  const client = new PGlite({ extensions: PGLITE_EXTENSIONS });
  try {
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS() });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}
