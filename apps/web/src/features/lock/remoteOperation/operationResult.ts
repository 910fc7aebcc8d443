import type { RemoteOperation } from '@smartlock/contract';

export interface ClockReading {
  lockTime: number;
  serverTime?: number;
  /** Lock minus server, in ms. */
  driftMs?: number;
}

const numberAt = (result: Record<string, unknown> | null, name: string): number | undefined => {
  const value = result?.[name];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
};

/** The lock's clock against the server's, from a clock read or calibration, when the result has it. */
export function clockReadingOf(operation: RemoteOperation): ClockReading | undefined {
  const lockTime = numberAt(operation.result, 'lockTime');
  if (lockTime === undefined) return undefined;
  const serverTime = numberAt(operation.result, 'serverTime');
  const driftMs =
    numberAt(operation.result, 'driftMs') ?? (serverTime === undefined ? undefined : lockTime - serverTime);
  return { lockTime, serverTime, driftMs };
}

/** Under a second apart counts as in step: the reading itself takes about that long. */
const IN_STEP_MS = 1_000;

export type Drift = { direction: 'ahead' | 'behind'; ms: number } | { direction: 'inSync' };

export function driftOf(driftMs: number): Drift {
  if (Math.abs(driftMs) < IN_STEP_MS) return { direction: 'inSync' };
  return { direction: driftMs > 0 ? 'ahead' : 'behind', ms: Math.abs(driftMs) };
}

/** The bolt and battery a state read (or an unlock, lock) reported, when the result has them. */
export function stateReadingOf(operation: RemoteOperation): { state: number; battery: number } | undefined {
  const state = numberAt(operation.result, 'state');
  const battery = numberAt(operation.result, 'battery');
  return state === undefined || battery === undefined ? undefined : { state, battery };
}
