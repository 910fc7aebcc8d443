/**
 * Simulated gateways streaming unlock records, for the load and capacity benchmarks: registered
 * through the API as the app does, connected to the broker, and the check that the database holds
 * exactly the records the locks wrote: none lost, none stored twice.
 */
import { LockState } from '@smartlock/contract';
import { ApiClient, type Fleet, HttpRegistrar, startFleet } from '@smartlock/devices';
import type { Db } from '@smartlock/server/src/db/client';
import { sql } from 'drizzle-orm';
import { sleep } from './cluster';

export interface RecordFleet {
  fleet: Fleet;
  /** Every lock of the fleet: its id in the cloud and its MAC. */
  locks: { lockId: number; mac: string }[];
}

/** `gateways` gateways with one door each, registered by `account` through the API at `api`, online. */
export async function startRecordFleet(options: {
  api: string;
  brokerUrl: string;
  account: string;
  password: string;
  gateways: number;
  /** Something happens at a random door every ~N seconds (the fleet's own trickle); none: nothing. */
  trickleSeconds?: number;
}): Promise<RecordFleet> {
  const client = new ApiClient(options.api);
  await client.login(options.account, options.password);
  const fleet = await startFleet({
    mqttUrl: options.brokerUrl,
    registrar: new HttpRegistrar(client),
    gateways: options.gateways,
    locksPerGateway: 1,
    kinds: ['door'],
    bluetoothLatencyMs: 0,
    onlineTimeoutMs: 180_000,
    ...(options.trickleSeconds ? { trickleSeconds: options.trickleSeconds } : {}),
    allowRemoteUnlock: false,
  });
  return { fleet, locks: fleet.layout().flatMap((g) => g.locks) };
}

/** Records each lock wrote so far (its log's serials run from 1). */
export function writtenRecords(records: RecordFleet): Map<number, number> {
  const written = new Map<number, number>();
  for (const { lockId, mac } of records.locks) {
    written.set(lockId, (records.fleet.lock(mac)?.lock.snapshot().log.nextRecordId ?? 1) - 1);
  }
  return written;
}

export function total(counts: Map<number, number>): number {
  let sum = 0;
  for (const n of counts.values()) sum += n;
  return sum;
}

/** Records stored per lock, and how many of them carry a lock serial already stored (must be 0). */
export async function storedRecords(
  db: Db,
  lockIds: number[],
): Promise<{ stored: Map<number, number>; twice: number }> {
  const stored = new Map<number, number>(lockIds.map((id) => [id, 0]));
  if (lockIds.length === 0) return { stored, twice: 0 };
  const rows = (await db.execute(
    sql`select lock_id, count(*)::int as n, count(distinct device_record_id)::int as distinct_n
        from lock_records where lock_id in (${sql.join(lockIds, sql`, `)}) group by lock_id`,
  )) as unknown as { rows: { lock_id: number; n: number; distinct_n: number }[] };
  let twice = 0;
  for (const row of rows.rows) {
    stored.set(Number(row.lock_id), Number(row.n));
    twice += Number(row.n) - Number(row.distinct_n);
  }
  return { stored, twice };
}

/**
 * The doors go quiet, every lock's bolt is back (no auto-lock still to log) and the cloud has
 * acknowledged every record, or `timeoutMs` passes; whether it drained.
 */
export async function drainRecords(records: RecordFleet, timeoutMs = 60_000): Promise<boolean> {
  records.fleet.quiet();
  const deadline = performance.now() + timeoutMs;
  const settled = () =>
    records.fleet.unsentRecordCount() === 0 && records.fleet.allLocks.every((lock) => lock.state === LockState.locked);
  while (!settled()) {
    if (performance.now() > deadline) return false;
    await sleep(200);
  }
  return true;
}

export interface RecordCheck {
  written: number;
  stored: number;
  /** Records written at a lock and not in the database. */
  missing: number;
  /** Rows beyond what the locks wrote, or a serial stored twice. */
  extra: number;
  ok: boolean;
}

/** The database against the locks' own logs, lock by lock, counting from `before` (per lock). */
export async function checkRecords(
  db: Db,
  records: RecordFleet,
  before: Map<number, number> = new Map(),
): Promise<RecordCheck> {
  const written = writtenRecords(records);
  const { stored, twice } = await storedRecords(
    db,
    records.locks.map((l) => l.lockId),
  );
  let missing = 0;
  let extra = twice;
  for (const [lockId, wrote] of written) {
    const has = (stored.get(lockId) ?? 0) - (before.get(lockId) ?? 0);
    if (has < wrote) missing += wrote - has;
    if (has > wrote) extra += has - wrote;
  }
  const storedTotal = total(stored) - total(before);
  return { written: total(written), stored: storedTotal, missing, extra, ok: missing === 0 && extra === 0 };
}

export function describeCheck(check: RecordCheck): string {
  return `the locks wrote ${check.written}, the database holds ${check.stored}: ${
    check.ok ? 'none lost, none stored twice' : `${check.missing} MISSING, ${check.extra} EXTRA`
  }`;
}
