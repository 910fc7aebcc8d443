// `npm test`: every check and test, on the embedded engines and, where it can be had, a real
// PostgreSQL. Prints which suites ran and a closing line "tests: N passed, N failed".
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureInstalled, root, run } from './lib.mjs';

const DEFAULT_PG = 'postgres://postgres@127.0.0.1:5432/test';
const suites = [];
let failedChecks = 0;

function check(name, command, args) {
  console.log(`\n== ${name} ==`);
  const status = run(command, args);
  if (status !== 0) failedChecks++;
  suites.push({
    name,
    ran: true,
    passed: status === 0 ? 1 : 0,
    failed: status === 0 ? 0 : 1,
    skipped: 0,
    kind: 'check',
  });
}

/** The first lines of a failure's message, without colour codes, for the summary. */
function firstLines(message, lines = 4) {
  return (
    String(message ?? '')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: colour codes are escape sequences
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .slice(0, lines)
      .join(' | ')
      .slice(0, 400)
  );
}

/** Every failed test of a vitest JSON report: its name and why. */
function vitestFailures(result) {
  return result.testResults.flatMap((file) =>
    file.assertionResults
      .filter((test) => test.status === 'failed')
      .map(
        (test) => `${file.name.replace(`${root}/`, '')} › ${test.fullName}: ${firstLines(test.failureMessages?.[0])}`,
      ),
  );
}

/** Every failed (or flaky) test of a Playwright JSON report: its name and why. */
function playwrightFailures(report) {
  const failures = [];
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const bad = (test.results ?? []).filter((r) => r.status !== 'passed' && r.status !== 'skipped');
        for (const result of bad) {
          failures.push(
            `${spec.file}:${result.error?.location?.line ?? spec.line} › ${spec.title}: ${firstLines(result.error?.message ?? result.status)}`,
          );
        }
      }
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report.suites ?? []) visit(suite);
  return failures;
}

function vitest(name, args, env = {}) {
  console.log(`\n== ${name} ==`);
  const report = join(mkdtempSync(join(tmpdir(), 'smartlock-vitest-')), 'report.json');
  const status = run(
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...args],
    {
      env: { ...process.env, ...env },
    },
  );
  if (!existsSync(report)) {
    suites.push({ name, ran: true, passed: 0, failed: 1, skipped: 0, kind: 'tests', note: `vitest exited ${status}` });
    return;
  }
  const result = JSON.parse(readFileSync(report, 'utf8'));
  const failed = result.numFailedTests + (status !== 0 && result.numFailedTests === 0 ? 1 : 0);
  suites.push({
    name,
    ran: true,
    passed: result.numPassedTests,
    failed,
    skipped: result.numPendingTests + result.numTodoTests,
    kind: 'tests',
    failures: vitestFailures(result),
  });
}

function listening(port) {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function canConnect(url) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A PostgreSQL URL for the server suite, installing one from Debian's packages where none runs. */
async function postgres() {
  const url = process.env.TEST_DATABASE_URL || DEFAULT_PG;
  if (await canConnect(url)) return { url };
  if (process.env.TEST_DATABASE_URL || (await listening(5432))) {
    return {
      reason: `cannot connect to ${url.replace(/:[^:@/]*@/, ':***@')}; set TEST_DATABASE_URL to a database this user may create databases in`,
    };
  }
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  let hasApt = false;
  try {
    execFileSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' });
    hasApt = true;
  } catch {}
  if (!isRoot || !hasApt)
    return { reason: 'no PostgreSQL on 127.0.0.1:5432, and installing one needs root and apt-get' };
  console.log('\nNo PostgreSQL on 127.0.0.1:5432: installing one from Debian packages...');
  if (run('bash', [join(root, 'scripts/install-postgres.sh')]) !== 0 || !(await canConnect(DEFAULT_PG))) {
    return { reason: 'installing PostgreSQL failed' };
  }
  return { url: DEFAULT_PG };
}

/** Debian's Chromium for the browser suite, installed where the machine allows. */
function chromium() {
  const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (existsSync(path)) return { path };
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) return { reason: `no Chromium at ${path}; install Debian's chromium package or set CHROMIUM_PATH` };
  console.log('\nInstalling Chromium from Debian packages...');
  if (run('bash', [join(root, 'scripts/install-chromium.sh')]) !== 0 || !existsSync(path)) {
    return { reason: 'installing Chromium failed' };
  }
  return { path };
}

function playwright(name, env = {}) {
  console.log(`\n== ${name} ==`);
  const report = join(mkdtempSync(join(tmpdir(), 'smartlock-e2e-')), 'report.json');
  const status = run('npx', ['playwright', 'test'], {
    cwd: join(root, 'e2e'),
    env: { ...process.env, ...env, E2E_REPORT: report },
  });
  if (!existsSync(report)) {
    suites.push({
      name,
      ran: true,
      passed: 0,
      failed: 1,
      skipped: 0,
      kind: 'tests',
      note: `playwright exited ${status}`,
    });
    return;
  }
  const result = JSON.parse(readFileSync(report, 'utf8'));
  const { stats } = result;
  const failed = stats.unexpected + stats.flaky + (status !== 0 && stats.unexpected === 0 ? 1 : 0);
  suites.push({
    name,
    ran: true,
    passed: stats.expected,
    failed,
    skipped: stats.skipped,
    kind: 'tests',
    failures: playwrightFailures(result),
  });
}

ensureInstalled();
check('lint and format (biome)', 'npx', ['biome', 'check', '.']);
check('typecheck (tsc, every workspace)', 'npm', ['run', 'typecheck', '--silent']);
vitest('unit and server tests (PGlite in memory)', []);
const pg = await postgres();
// An MQTT broker already running (Mosquitto) adds the external-broker, several-instance suites.
const mqttUrl = process.env.TEST_MQTT_URL || ((await listening(1883)) ? 'mqtt://127.0.0.1:1883' : '');
if (pg.url) {
  vitest(
    `server tests on PostgreSQL${mqttUrl ? ` and the MQTT broker at ${mqttUrl}` : ' (no external MQTT broker: its suite skipped)'}`,
    ['--project', 'server', '--exclude', '**/main.test.ts'],
    { TEST_DATABASE_URL: pg.url, ...(mqttUrl ? { TEST_MQTT_URL: mqttUrl } : {}) },
  );
} else {
  suites.push({ name: 'server tests on PostgreSQL', ran: false, note: pg.reason });
}

console.log('\n== build (console and server) ==');
if (run('npm', ['run', 'build', '--silent']) !== 0) failedChecks++;
const browser = chromium();
if (!browser.path) suites.push({ name: 'end-to-end in Chromium', ran: false, note: browser.reason });
else if (pg.url && mqttUrl) {
  // As production runs: two instances sharing PostgreSQL and the broker, behind a load balancer.
  playwright(
    'end-to-end in Chromium (the built product: two instances on PostgreSQL and the MQTT broker, behind a load balancer)',
    {
      E2E_DATABASE_URL: pg.url,
      E2E_MQTT_URL: mqttUrl,
    },
  );
} else playwright('end-to-end in Chromium (the built product on its embedded engines)');

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
process.exit(failed > 0 || passed === 0 ? 1 : 0);
