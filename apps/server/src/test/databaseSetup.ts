import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migratedPgliteDump, openDatabase } from '../db/client';
import { serverRoot } from '../paths';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a migrated PGlite data directory every PGlite test server starts from. */
    pgliteDumpFile: string;
    /** With TEST_DATABASE_URL: a migrated database each scratch database is copied from. */
    postgresTemplate: string | undefined;
  }
}

/** Any constant: test runs side by side take turns making the template. */
const TEMPLATE_LOCK = 7_301_967;

/** The migrations' fingerprint: a template made from other migrations is never used. */
function migrationsHash(): string {
  const folder = join(serverRoot(), 'drizzle');
  const hash = createHash('sha256');
  for (const name of readdirSync(folder, { recursive: true, encoding: 'utf8' }).sort()) {
    if (name.endsWith('.sql') || name.endsWith('.json')) hash.update(name).update(readFileSync(join(folder, name)));
  }
  return hash.digest('hex').slice(0, 12);
}

/**
 * The PostgreSQL template of this code's migrations, made once (a scratch database copied from
 * it is ready at once, where applying the migrations takes longer). Templates of other
 * migrations are dropped.
 */
async function postgresTemplate(base: string): Promise<string> {
  const name = `sl_template_${migrationsHash()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    const existing = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like 'sl\\_template\\_%'",
    );
    for (const { datname } of existing.rows) {
      if (datname !== name) await admin.query(`drop database if exists ${datname} with (force)`).catch(() => undefined);
    }
    if (!existing.rows.some((row) => row.datname === name)) {
      const building = `${name}_building`;
      await admin.query(`drop database if exists ${building} with (force)`);
      await admin.query(`create database ${building}`);
      const url = new URL(base);
      url.pathname = `/${building}`;
      const database = await openDatabase({ databaseUrl: url.toString(), dataDir: ':memory:' });
      await database.close();
      await admin.query(`alter database ${building} rename to ${name}`);
    }
    return name;
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]).catch(() => undefined);
    await admin.end();
  }
}

/** Vitest's global set-up of the database and system tiers: the migrated starting points. */
export default async function setup(project: TestProject) {
  const folder = mkdtempSync(join(tmpdir(), 'smartlock-pglite-'));
  const dumpFile = join(folder, 'migrated.tar');
  writeFileSync(dumpFile, Buffer.from(await (await migratedPgliteDump()).arrayBuffer()));
  project.provide('pgliteDumpFile', dumpFile);
  const base = process.env.TEST_DATABASE_URL;
  project.provide('postgresTemplate', base ? await postgresTemplate(base) : undefined);
  return () => rmSync(folder, { recursive: true, force: true });
}
