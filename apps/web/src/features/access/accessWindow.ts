import { ACCESS_WINDOW_MAX_DAYS } from '@smartlock/contract';

const DAY_MS = 86_400_000;

/** What the screen asks about: a moment, or a period (its end excluded). */
export type AccessWhen = { kind: 'moment'; at: number } | { kind: 'period'; from: number; to: number };

/** The call's `startDate` and `endDate` for a question. */
export function whenParams(when: AccessWhen): { startDate: number; endDate?: number } {
  return when.kind === 'moment' ? { startDate: when.at } : { startDate: when.from, endDate: when.to };
}

/** Whether a period is one the server answers: its end after its start, at most ACCESS_WINDOW_MAX_DAYS long. */
export function periodAllowed(from: number, to: number): boolean {
  return to > from && to - from <= ACCESS_WINDOW_MAX_DAYS * DAY_MS;
}

/** A file name for the answer: the lock's name and the moment or period asked about (local dates). */
export function accessFileName(lockName: string, when: AccessWhen, extension: 'csv' | 'xlsx'): string {
  const day = (ms: number) => {
    const d = new Date(ms);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  };
  const safe = lockName.replace(/[\\/:*?"<>|]+/g, '_').trim() || 'lock';
  const span = when.kind === 'moment' ? day(when.at) : `${day(when.from)}_${day(when.to - 1)}`;
  return `${safe}-${span}.${extension}`;
}
