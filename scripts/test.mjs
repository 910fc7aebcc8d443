// `npm test`: every check and every test tier, on the embedded engines and, where they can be had,
// a real PostgreSQL and MQTT broker. Independent work runs side by side; each stage is timed.
// It ends with the stage times, the slowest test files, what ran, and a last line
// "tests: N passed, N failed, N skipped".
//
//   npm test                          everything
//   npm test -- --tier unit           one tier: checks, unit, database, system or browser
//   npm test -- --tier unit,database  several
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { installNeeded, root } from './lib.mjs';
import { canConnect, commandExists, isRoot, listening } from './machine.mjs';
import { playwrightReport, vitestReport } from './reports.mjs';
import { runLogged, Stages } from './stages.mjs';

const TIERS = ['checks', 'unit', 'database', 'system', 'browser'];
const DEFAULT_PG = 'postgres://postgres@127.0.0.1:5432/test';
const CORES = availableParallelism();

function chosenTiers(argv) {
  const at = argv.indexOf('--tier');
  if (at === -1) return new Set(TIERS);
  const named = (argv[at + 1] ?? '').split(',').filter(Boolean);
  const unknown = named.filter((tier) => !TIERS.includes(tier));
  if (named.length === 0 || unknown.length > 0) {
    console.error(
      `npm test -- --tier <${TIERS.join('|')}>[,...]${unknown.length ? ` (unknown: ${unknown.join(', ')})` : ''}`,
    );
    process.exit(2);
  }
  return new Set(named);
}

const tiers = chosenTiers(process.argv.slice(2));
const stages = new Stages();
/** What each test suite counted, in the order they ran. */
const suites = [];
/** Every test file's time, for the slowest ten. */
const fileTimes = [];
let failedChecks = 0;

async function check(name, tag, command, args) {
  const status = await stages.run(name, () => runLogged(tag, command, args));
  if (status !== 0) failedChecks++;
  suites.push({ name, ran: true, kind: 'check', failed: status === 0 ? 0 : 1 });
}

/**
 * The sweeps that call every endpoint many times over (the generated permission matrix, the
 * hostile-parameter fuzzing): they prove the call pipeline, the permission module and validation,
 * which do not depend on the engine. Where PostgreSQL is present they run on it alone; elsewhere
 * on PGlite. They are about a third of the database tier's time.
 */
/**
 * Where PostgreSQL is present, the PGlite pass runs the files that prove the embedded engine and
 * what runs beside it in `npm start` (the embedded broker): the database layer (migrations,
 * extensions, prepared statements), records (partitions, the trigram search, intake, export),
 * the work that takes turns through the database (webhook deliveries, revoke-all jobs, alert
 * sweeps, the audit chain: row locks, SKIP LOCKED and advisory locks on one connection), the
 * SQL-heavy reads (who can open at a moment, the map), remote operations and the device link
 * through the embedded broker, payments' notifications. The rest (each domain's rules through
 * its calls) does not depend on the engine and runs on PostgreSQL, the production engine; on a
 * machine without PostgreSQL every file runs on PGlite. Filters are path fragments (Vitest's).
 */
const PGLITE_WHEN_POSTGRES = [
  'src/db/',
  'src/devices/',
  'src/domains/lockRecord/',
  'src/domains/remoteOperation/',
  'src/domains/webhook/',
  'src/domains/alert/',
  'src/domains/audit/',
  'src/domains/access/',
  'src/domains/map/',
  'src/domains/payment/',
  'src/domains/lockUser/revokeJobs',
  'src/domains/lockCredential/lockCredentialsAtTheLock',
  'src/domains/passcode/credentialsAtTheLock',
  'src/domains/openApi/openApiClients',
];

const ENGINE_INDEPENDENT_SWEEPS = [
  'src/security/permissionMatrix.db.test.ts',
  'src/http/fuzz.db.test.ts',
  'src/domains/ekey/credentialFuzz.db.test.ts',
];

/** One Vitest run: the given projects, its counts and file times into the summary. */
async function vitest(name, tag, projects, { workers, env = {}, filters = [] }) {
  const out = mkdtempSync(join(tmpdir(), 'smartlock-vitest-'));
  const report = join(out, 'report.json');
  const times = join(out, 'times.json');
  const args = ['vitest', 'run', ...filters, ...projects.flatMap((p) => ['--project', p]), `--maxWorkers=${workers}`];
  args.push('--reporter=default', '--reporter=json', `--outputFile.json=${report}`);
  args.push(`--reporter=${join(root, 'scripts/vitestFileTimes.mjs')}`);
  const status = await stages.run(name, () =>
    runLogged(tag, 'npx', args, { env: { ...process.env, ...env, SMARTLOCK_FILE_TIMES: times } }),
  );
  suites.push(vitestReport(name, report, status));
  if (existsSync(times)) {
    for (const { file, ms } of JSON.parse(readFileSync(times, 'utf8'))) fileTimes.push({ file, ms, where: tag });
  }
}

async function playwright(name, env) {
  const report = join(mkdtempSync(join(tmpdir(), 'smartlock-e2e-')), 'report.json');
  const status = await stages.run(name, () =>
    runLogged('browser', 'npx', ['playwright', 'test'], {
      cwd: join(root, 'e2e'),
      env: { ...process.env, ...env, E2E_REPORT: report, E2E_WORKERS: String(Math.min(2, CORES)) },
    }),
  );
  const { suite, files } = playwrightReport(name, report, status);
  suites.push(suite);
  for (const { file, ms } of files)
    fileTimes.push({ file: relative(root, join(root, 'e2e', file)), ms, where: 'browser' });
}

/** A font of Debian's fonts-noto-cjk, which the browser tier's Chinese and Japanese screens need. */
const CJK_FONT = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';

/**
 * Debian packages the suites need and the machine lacks (Chromium's headless shell and CJK fonts;
 * PostgreSQL where none runs), installed in the background from the first second, one apt run
 * after the other.
 */
function systemPackages() {
  const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium-headless-shell';
  const wants = [];
  if (tiers.has('browser') && !existsSync(chromiumPath)) wants.push('chromium-headless-shell');
  // Chinese and Japanese screens are checked (labels cut off, screenshots): their glyphs are needed.
  if (tiers.has('browser') && !existsSync(CJK_FONT)) wants.push('fonts-noto-cjk');
  return stages.background(`system packages (${wants.join(', ') || 'none needed'})`, async () => {
    const postgresWanted =
      (tiers.has('database') || tiers.has('system') || tiers.has('browser')) &&
      !process.env.TEST_DATABASE_URL &&
      !(await listening(5432));
    const outcome = { chromium: existsSync(chromiumPath) ? chromiumPath : undefined, postgresInstalled: false };
    const canInstall = isRoot() && (await commandExists('apt-get'));
    if (postgresWanted && canInstall) {
      outcome.postgresInstalled = (await runLogged('apt', 'bash', [join(root, 'scripts/install-postgres.sh')])) === 0;
    }
    if (wants.length > 0 && canInstall) {
      if (
        (await runLogged('apt', 'bash', [join(root, 'scripts/install-chromium.sh')])) === 0 &&
        existsSync(chromiumPath)
      )
        outcome.chromium = chromiumPath;
    }
    // Where the headless shell cannot be had, the desktop Chromium runs the same specs (slower).
    if (!outcome.chromium && !process.env.CHROMIUM_PATH && existsSync('/usr/bin/chromium'))
      outcome.chromium = '/usr/bin/chromium';
    outcome.reason = canInstall ? 'installing it failed' : 'installing it needs root and apt-get';
    return outcome;
  });
}

/** The PostgreSQL the database tier's second pass and the system and browser tiers use, if any. */
async function postgres(packages) {
  const url = process.env.TEST_DATABASE_URL || DEFAULT_PG;
  if (await canConnect(url)) return { url };
  if (process.env.TEST_DATABASE_URL) return { reason: `cannot connect to ${url.replace(/:[^:@/]*@/, ':***@')}` };
  const installed = await packages;
  if (installed.postgresInstalled && (await canConnect(DEFAULT_PG))) return { url: DEFAULT_PG };
  return {
    reason: (await listening(5432))
      ? `cannot connect to ${DEFAULT_PG}; set TEST_DATABASE_URL to a database this user may create databases in`
      : `no PostgreSQL on 127.0.0.1:5432, and ${installed.reason}`,
  };
}

const packages = systemPackages();
const installed = await stages.run('install (npm)', async () =>
  installNeeded() ? runLogged('npm', 'npm', ['install', '--no-audit', '--no-fund']) : 0,
);
if (installed !== 0) {
  console.error('\nnpm install failed: nothing can be tested.');
  process.exit(1);
}
const pg = await postgres(packages);
// An MQTT broker already running (Mosquitto) adds the external-broker and several-instance suites.
const mqttUrl = process.env.TEST_MQTT_URL || ((await listening(1883)) ? 'mqtt://127.0.0.1:1883' : '');
const production = pg.url ? { TEST_DATABASE_URL: pg.url, ...(mqttUrl ? { TEST_MQTT_URL: mqttUrl } : {}) } : {};
const engines = pg.url ? `PostgreSQL${mqttUrl ? ` and the MQTT broker at ${mqttUrl}` : ''}` : 'PGlite';

// The system and browser tiers run the built product; the build needs no test to wait for it.
const build =
  tiers.has('system') || tiers.has('browser')
    ? stages.background('build (console, server, devices)', () =>
        runLogged('build', 'npm', ['run', 'build', '--silent']),
      )
    : Promise.resolve(0);

/**
 * The browser tier, after the server tiers. Run beside them it was slower in all: the two cores
 * were busy throughout, and every tier took two to three times as long (measured: 1,200 s against
 * 1,148 s one after the other).
 */
async function browserTier() {
  if ((await build) !== 0) {
    failedChecks++;
    suites.push({ name: 'build', ran: true, kind: 'check', failed: 1 });
  }
  if (!tiers.has('browser')) return;
  const browser = await packages;
  if (!browser.chromium) suites.push({ name: 'browser tier', ran: false, note: `no Chromium: ${browser.reason}` });
  else if (pg.url && mqttUrl) {
    // As production runs: on PostgreSQL and the broker; the cluster's spec adds a second instance
    // and a load balancer in front of both.
    await playwright(
      'browser tier (the built product on PostgreSQL and the MQTT broker; a second instance behind a load balancer for the cluster spec)',
      { E2E_DATABASE_URL: pg.url, E2E_MQTT_URL: mqttUrl, CHROMIUM_PATH: browser.chromium },
    );
  } else {
    await playwright('browser tier (the built product on its embedded engines)', { CHROMIUM_PATH: browser.chromium });
  }
}

/** Checks, then the unit, database and system tiers, one after the other (the typecheck beside them). */
async function serverTiers() {
  if (tiers.has('checks')) await check('lint and format (biome)', 'lint', 'npx', ['biome', 'check', '.']);
  // Type checking is one process on one core: it runs beside the unit tier and, when it
  // outlasts that, beside the database tier's start (waiting for it left a core idle for a minute).
  const typecheck = tiers.has('checks')
    ? check('typecheck (tsc -b, each package once)', 'types', 'npx', ['tsc', '-b'])
    : undefined;
  if (tiers.has('unit')) {
    await vitest('unit tier', 'unit', ['contract', 'sdk', 'web', 'devices', 'server-unit'], { workers: CORES });
  }
  if (tiers.has('database')) {
    await vitest(
      pg.url
        ? 'database tier on PGlite (in memory; the engine and the embedded broker, the rest on PostgreSQL)'
        : 'database tier on PGlite (in memory)',
      'db:pglite',
      ['server-database'],
      pg.url
        ? {
            workers: CORES,
            env: { SMARTLOCK_DB_EXCLUDE: ENGINE_INDEPENDENT_SWEEPS.join(',') },
            filters: PGLITE_WHEN_POSTGRES,
          }
        : { workers: CORES },
    );
    if (pg.url) {
      await vitest(`database tier on ${engines}`, 'db:postgres', ['server-database'], {
        workers: CORES,
        env: production,
      });
    } else suites.push({ name: 'database tier on PostgreSQL', ran: false, note: pg.reason });
  }
  await typecheck;
  if (tiers.has('system')) {
    if ((await build) !== 0) {
      suites.push({ name: 'system tier', ran: false, note: 'the build failed' });
      return;
    }
    await vitest(`system tier on ${engines}`, 'system', ['server-system'], { workers: CORES, env: production });
  }
}

await serverTiers();
await browserTier();

stages.print();
console.log('\n== Slowest test files ==');
for (const { file, ms, where } of fileTimes.sort((a, b) => b.ms - a.ms).slice(0, 10)) {
  console.log(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${file}  (${where})`);
}
console.log('\n== Summary ==');
for (const suite of suites) {
  if (!suite.ran) console.log(`  NOT RUN  ${suite.name}: ${suite.note}`);
  else if (suite.kind === 'check') console.log(`  ${suite.failed ? 'FAILED ' : 'ok     '}  ${suite.name}`);
  else
    console.log(
      `  ${suite.failed ? 'FAILED ' : 'ok     '}  ${suite.name}: ${suite.passed} passed, ${suite.failed} failed, ${suite.skipped} skipped${suite.note ? ` (${suite.note})` : ''}`,
    );
  // What failed, in a line each, where the end of the output is all a reader may see.
  for (const failure of (suite.failures ?? []).slice(0, 12)) console.log(`           ✘ ${failure}`);
}
const tests = suites.filter((s) => s.kind === 'tests');
const passed = tests.reduce((n, s) => n + s.passed, 0);
const failed = tests.reduce((n, s) => n + s.failed, 0) + failedChecks;
const skipped = tests.reduce((n, s) => n + s.skipped, 0);
console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || (passed === 0 && tests.length > 0) ? 1 : 0);
