/**
 * A process's resident memory and CPU time, read from /proc (Linux), and a bare Node process's
 * memory as the floor an instance is read against.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { sleep } from './cluster';

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** Resident memory (VmRSS) in MB. */
export function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(/VmRSS:\s+(\d+) kB/)?.[1] ?? Number.NaN) / 1024;
}

/** CPU seconds the process has used so far (user + system, every thread). */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces, in parentheses): utime is the 14th field.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/** The median of `samples` readings of resident memory, `everyMs` apart (one reading moves with the GC). */
export async function settledResidentMb(pid: number, samples = 5, everyMs = 200): Promise<number> {
  const readings: number[] = [];
  for (let i = 0; i < samples; i++) {
    readings.push(residentMb(pid));
    if (i < samples - 1) await sleep(everyMs);
  }
  readings.sort((a, b) => a - b);
  return readings[Math.floor(readings.length / 2)] as number;
}

/** Resident memory of a bare Node process that has started and does nothing, in MB. */
export async function bareNodeResidentMb(): Promise<number> {
  const child = spawn(process.execPath, ['-e', "process.stdout.write('up\\n'); setInterval(() => {}, 1000)"], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  await new Promise<void>((up) => child.stdout?.once('data', () => up()));
  const mb = await settledResidentMb(child.pid as number);
  child.kill();
  return mb;
}

/** CPU seconds used so far by every process running `command` (e.g. all of PostgreSQL's backends). */
export function commandCpuSeconds(command: string): number {
  let seconds = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) !== command) continue;
      seconds += cpuSeconds(Number(entry));
    } catch {
      // The process ended while being read.
    }
  }
  return seconds;
}
