import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium';

/**
 * Specs that change the demo account and its fleet (its doors, gateways, cities and records): they
 * run one at a time, beside the specs that register accounts of their own or only read the demo
 * account (the accessibility audit, the clipping check).
 */
const DEMO_SPECS = [
  'admins',
  'batchUnlock',
  'cluster',
  'credentials',
  'demoFleet',
  'deviceCredentials',
  'lockUsers',
  'locks',
  'map',
  'records',
  'services',
  'unlockLink',
].map((name) => `**/${name}.spec.ts`);

/** Real Chromium (Debian's) against the real, built product. */
export default defineConfig({
  testDir: './specs',
  outputDir: './output/results',
  globalSetup: './support/global-setup.ts',
  // Two browsers at once (E2E_WORKERS to change it): each worker's tests call from addresses of their own.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  projects: [
    { name: 'demo account', testMatch: DEMO_SPECS, workers: 1 },
    { name: 'own accounts', testIgnore: DEMO_SPECS, fullyParallel: true },
  ],
  retries: 0,
  // Limits catch a hang: a test has room for a slower machine than this one.
  timeout: 180_000,
  expect: { timeout: 20_000 },
  reporter: [['list'], ['json', { outputFile: process.env.E2E_REPORT ?? 'output/report.json' }]],
  use: {
    viewport: { width: 1440, height: 900 },
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
    locale: 'en-US',
    // A failed test keeps its trace: each action with the page's DOM as it was, and the network.
    // The trace's film strip (a screencast of every frame the page paints) is left out: it made
    // the browser encode frames all the time, more than doubling the tier's processor time.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true },
    screenshot: 'only-on-failure',
  },
});
