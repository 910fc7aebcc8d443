/** The machine's Chromium, and the flags every headless run of it uses (browser suite and benchmarks). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? process.env.CHROMIUM ?? '/usr/bin/chromium';

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
