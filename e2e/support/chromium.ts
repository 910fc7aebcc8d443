import { existsSync } from 'node:fs';

/**
 * Debian's headless shell (package chromium-headless-shell): the same Chromium engine without the
 * desktop browser's own pages and processes, as Playwright runs headless tests by default. The
 * same specs cost about a tenth less processor time in it than in the desktop Chromium.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** The machine's Chromium, and the flags every headless run of it uses (browser suite and benchmarks). */
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ??
  process.env.CHROMIUM ??
  (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
