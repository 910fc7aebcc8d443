import type { DeviceErrorName } from '@smartlock/contract';

/** What a lock answers to an operation: a result, or why it did not do it (a DeviceError name). */
export type LockOutcome<T> = { ok: true; result: T } | { ok: false; error: DeviceErrorName };

export function succeeded<T>(result: T): LockOutcome<T> {
  return { ok: true, result };
}

export function refused<T = never>(error: DeviceErrorName): LockOutcome<T> {
  return { ok: false, error };
}
