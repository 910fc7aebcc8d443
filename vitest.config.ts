import { defineConfig } from 'vitest/config';
import { messageParts } from './apps/web/build/messageParts';

/**
 * The test tiers (README "Test it"), one Vitest project each, chosen by file name:
 * - unit: `*.test.ts` everywhere — no database, no server process; run once;
 * - database: `apps/server/**\/*.db.test.ts` — the real app in-process on a real database: PGlite
 *   in memory, or PostgreSQL when TEST_DATABASE_URL is set (`npm test` runs the tier both ways);
 * - system: `apps/server/**\/*.system.test.ts` — processes, faults, several instances, restarts;
 *   run once, on PostgreSQL and the MQTT broker where they are present.
 * The browser tier is Playwright (e2e/). The test harness refuses to start a server outside the
 * database and system tiers, so a misnamed file fails at once instead of running in the wrong tier.
 */
/**
 * A test's time limit catches a hang, not slowness: `npm test` runs the unit tier beside the
 * typecheck, so a test doing real work (50,000 rows, a solver) has room.
 */
const UNIT_TIMEOUT = 30_000;

/**
 * Unit-tier files change no global state they do not put back, so a worker keeps its imports
 * from one file to the next instead of importing every module again for each file: importing
 * was most of the tier's time (the console's files: 19 s of imports for 2 s of tests).
 */
const UNIT_ISOLATE = false;

const serverTier = (tier: 'unit' | 'database' | 'system', include: string[], exclude: string[] = []) => ({
  test: {
    name: `server-${tier}`,
    root: 'apps/server',
    include,
    exclude,
    environment: 'node',
    env: { SMARTLOCK_TEST_TIER: tier },
    // The database tiers start from one prepared, migrated database (see the set-up file).
    globalSetup: tier === 'unit' ? [] : ['src/test/databaseSetup.ts'],
    // Each database-tier file starts servers of its own and changes no global state, so its
    // worker's imports (the whole server) are kept from one file to the next; so are a unit
    // file's. A system-tier file starts processes and kills them: each has a fresh worker.
    isolate: tier === 'system',
    testTimeout: UNIT_TIMEOUT,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contract',
          root: 'packages/contract',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          isolate: UNIT_ISOLATE,
          testTimeout: UNIT_TIMEOUT,
        },
      },
      {
        test: {
          name: 'sdk',
          root: 'packages/sdk',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          isolate: UNIT_ISOLATE,
          testTimeout: UNIT_TIMEOUT,
        },
      },
      {
        // The console's messages module (src/i18n/i18n.ts) reads the build's message parts.
        plugins: [messageParts()],
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          isolate: UNIT_ISOLATE,
          testTimeout: UNIT_TIMEOUT,
        },
      },
      {
        test: {
          name: 'devices',
          root: 'apps/devices',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          isolate: UNIT_ISOLATE,
          testTimeout: UNIT_TIMEOUT,
        },
      },
      serverTier('unit', ['src/**/*.test.ts'], ['src/**/*.db.test.ts', 'src/**/*.system.test.ts']),
      // `npm test` leaves some files out of one database pass (scripts/test.mjs says which and why).
      serverTier(
        'database',
        ['src/**/*.db.test.ts'],
        (process.env.SMARTLOCK_DB_EXCLUDE ?? '').split(',').filter(Boolean),
      ),
      serverTier('system', ['src/**/*.system.test.ts']),
    ],
  },
});
