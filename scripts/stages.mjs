// Stages of the test run: each timed, some side by side; child output relayed line by line with
// its stage's tag, so lines of stages running together stay readable.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { root } from './lib.mjs';

/** Runs a command with its output prefixed by `tag`; resolves to its exit status. */
export function runLogged(tag, command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    const prefix = `${tag.padEnd(11)}│ `;
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => process.stdout.write(`${prefix}${line}\n`));
    }
    child.once('error', (error) => {
      process.stdout.write(`${prefix}${error.message}\n`);
      resolve(1);
    });
    child.once('close', (code) => resolve(code ?? 1));
  });
}

export class Stages {
  started = Date.now();
  /** name, seconds, and whether it ran beside others in the background */
  timings = [];

  /** Runs a stage (an async function resolving to its result) and records its wall time. */
  async run(name, work, { background = false } = {}) {
    const begun = Date.now();
    console.log(`\n== ${name}${background ? ' (in the background)' : ''} ==`);
    try {
      return await work();
    } finally {
      const seconds = (Date.now() - begun) / 1000;
      this.timings.push({ name, seconds, background, from: (begun - this.started) / 1000 });
      console.log(`== ${name}: ${seconds.toFixed(1)} s ==`);
    }
  }

  /** Starts a stage without waiting for it: its promise, for whoever needs its result. */
  background(name, work) {
    return this.run(name, work, { background: true });
  }

  print() {
    console.log('\n== Stage times ==');
    for (const { name, seconds, from } of [...this.timings].sort((a, b) => a.from - b.from)) {
      console.log(`  ${seconds.toFixed(1).padStart(6)} s  from ${from.toFixed(0).padStart(4)} s  ${name}`);
    }
    console.log(`  ${((Date.now() - this.started) / 1000).toFixed(1).padStart(6)} s  whole run`);
  }
}
