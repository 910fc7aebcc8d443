import { LockState, LockSwitch, type PassagePeriod, Switch } from '@smartlock/contract';
import type { Executor } from '../../db/client';
import { type LockUpdate, saveReportedState } from './lockQueries';

/** What a lock's state became through an operation, for the live channel. */
export interface LockChange {
  lockId: number;
  state: number;
  battery: number;
  /** What the lock row held before (webhooks tell a change of state and a battery running low). */
  was?: { state: number; battery: number };
}

/** The change as the live channel carries it. */
export function liveLockChange(change: LockChange): { lockId: number; state: number; battery: number } {
  return { lockId: change.lockId, state: change.state, battery: change.battery };
}

/**
 * A car-park lock's barrier as the lock row keeps it: a raised barrier keeps the bay closed, so
 * it shows as locked, a lowered one as unlocked.
 */
function parkingColumns(parking: string): { parking: string; state: number } {
  return { parking, state: parking === 'raised' ? LockState.locked : LockState.unlocked };
}

/** How far a gateway's clock may be from the cloud's before its times are not trusted for order. */
const CLOCK_TRUST_MS = 5 * 60_000;

/**
 * When a lock's fact was reported, for ordering facts: the gateway's clock on its reply or event,
 * or the cloud's own time when the gateway sent none, or a clock far off (a gateway whose clock
 * jumped must neither freeze its locks' state nor have its reports ignored for long).
 */
export function reportedAt(at: unknown, now = Date.now()): number {
  return typeof at === 'number' && Number.isSafeInteger(at) && Math.abs(at - now) <= CLOCK_TRUST_MS ? at : now;
}

/**
 * Where a lock's state was told: a command's reply (applied once, in the transaction that ends
 * the operation) or one of the gateway's `state` events (heard by every instance).
 */
export type ReportedBy = 'reply' | 'event';

/**
 * Keeps what the lock confirmed: bolt and battery, switches, the car-park barrier. `at` is the
 * gateway's clock on its reply or event, as it sent it (see reportedAt): a fact older than the one the lock row holds changes
 * nothing, so facts that reach the cloud out of order (every instance hears every gateway, and
 * handles its messages side by side) never put back an older state. An event must be newer
 * still, so the same event handled by a second instance changes nothing and is announced once;
 * a reply of the same moment is kept (it is the command's own answer).
 */
export async function applyResult(
  tx: Executor,
  lockId: number,
  command: string,
  result: Record<string, unknown>,
  reported: { at: unknown; by: ReportedBy },
): Promise<LockChange | undefined> {
  const set: LockUpdate = {};
  if (typeof result.state === 'number') set.state = result.state;
  if (typeof result.battery === 'number') set.battery = result.battery;
  if (typeof result.parking === 'string') Object.assign(set, parkingColumns(result.parking));
  const switches: Record<string, number> = {};
  if (command === 'setSwitch') switches[String(result.name)] = Number(result.value);
  if (command === 'setAutoLock') set.autoLockSeconds = Number(result.seconds);
  if (command === 'queryState' && typeof result.autoLockSeconds === 'number')
    set.autoLockSeconds = result.autoLockSeconds;
  if (command === 'setTimezone') set.timezoneRawOffset = Number(result.offset);
  if (command === 'setRoomStatus') set.roomStatus = Number(result.status);
  if (command === 'setPassageMode') {
    const passageMode = result.enabled ? Switch.on : Switch.off;
    set.passageMode = { passageMode, periods: result.periods as PassagePeriod[] };
    switches[LockSwitch.passageMode] = passageMode;
  }
  if (command === 'queryState' && result.switches && typeof result.switches === 'object') {
    Object.assign(switches, result.switches);
  }
  if (Object.keys(set).length === 0 && Object.keys(switches).length === 0) return undefined;
  return saveReportedState(
    tx,
    lockId,
    { set, switches },
    { at: reportedAt(reported.at), strictlyNewer: reported.by !== 'reply' },
  );
}
