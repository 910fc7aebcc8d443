import { buildApp } from '@smartlock/server/src/app';
import { testConfig } from '@smartlock/server/src/config';
import pg from 'pg';
import { BENCH_CONSOLE_SECRET } from './support';

/**
 * A side-by-side benchmark's world: a scratch PostgreSQL database of its own beside DATABASE_URL
 * (made anew each run; `BENCH_DATABASE` names another, so two runs at once keep apart), the
 * product on it in process, and a pool of the product's size (10) for the reference SQL on the
 * same database.
 */
export async function scratchApp(named: string, bench: string) {
  const database = process.env.BENCH_DATABASE ?? named;
  if (!/^[a-z_][a-z0-9_]*$/.test(database)) throw new Error(`BENCH_DATABASE "${database}" is not a plain name`);
  const base = process.env.DATABASE_URL;
  if (!base) {
    console.error(`The ${bench} benchmark needs DATABASE_URL (PostgreSQL); it creates a scratch database beside it.`);
    process.exit(2);
  }
  const scratch = new URL(base);
  scratch.pathname = `/${database}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.query(`create database ${database}`);
  } finally {
    await admin.end();
  }
  const url = scratch.toString();
  const app = await buildApp(testConfig({ CONSOLE_APP_SECRET: BENCH_CONSOLE_SECRET, DATABASE_URL: url }));
  await app.ready();
  return {
    app,
    db: app.services.database.db,
    brand: app.services.brands.default.packageName,
    reference: new pg.Pool({ connectionString: url, max: 10 }),
  };
}
