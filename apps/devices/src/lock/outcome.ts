import type { DeviceErrorName } from '@smartlock/contract';

/**
 * What a lock answers to an operation: a result, or why it did not do it (a DeviceError name
 * for what a gateway asks; the keypad and the app's Bluetooth unlock have reasons of their own).
 */
export type LockOutcome<T, E extends string = DeviceErrorName> = { ok: true; result: T } | { ok: false; error: E };

export function succeeded<T>(result: T): LockOutcome<T, never> {
  return { ok: true, result };
}

export function refused<T = never, E extends string = DeviceErrorName>(error: E): LockOutcome<T, E> {
  return { ok: false, error };
}
