import { LockRecordType, lockRecord, type UploadedRecord } from '@smartlock/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addLock } from '../../test/devices';
import { loggedInClient } from '../../test/fixtures';
import { dataOf, startTestServer, type TestClient, type TestServer } from '../../test/harness';
import { PARTITION_LOCK, recordPartitionNames } from './recordPartitionQueries';
import { MONTHS_AHEAD, monthPartitionName, monthStart, RecordPartitions } from './recordPartitions';

const OWNER = 'partitions-owner@example.com';
const DAY = 86_400_000;

let server: TestServer;
let owner: TestClient;

const db = () => server.app.services.database.db;
/** The middle of the month `months` from the current one (UTC), as epoch ms. */
const midMonth = (months: number) => Date.parse(`${monthStart(new Date(), months)}T00:00:00Z`) + 14 * DAY;
/** The name of the partition of the month `months` from the current one. */
const partitionOf = (months: number) => monthPartitionName(monthStart(new Date(), months));

let serial = 0;
const rec = (lockTime: number): UploadedRecord => {
  serial += 1;
  return { recordId: `p${serial}`, recordType: LockRecordType.appUnlock, success: 1, lockTime };
};

async function upload(lockId: number, records: UploadedRecord[]) {
  const reply = await owner.call(lockRecord.upload, { lockId, records: JSON.stringify(records) });
  expect(reply.body.errorCode, JSON.stringify(reply.body)).toBe(0);
  return dataOf(reply);
}

async function listed(lockId: number) {
  const reply = await owner.call(lockRecord.list, { lockId, pageSize: 100 });
  expect(reply.body.errorCode, JSON.stringify(reply.body)).toBe(0);
  return dataOf(reply);
}

/** Where each stored copy of a lock's record is: its partitions' names. */
async function partitionsHolding(lockId: number, recordId: string): Promise<string[]> {
  const result = (await db().execute(
    sql`select tableoid::regclass::text as partition from lock_records
      where lock_id = ${lockId} and device_record_id = ${recordId}`,
  )) as unknown as { rows: { partition: string }[] };
  return result.rows.map((row) => row.partition);
}

beforeAll(async () => {
  server = await startTestServer();
  owner = (await loggedInClient(server, OWNER)).client;
}, 60_000);
afterAll(async () => server?.close());

describe('unlock records partitioned by month', () => {
  it('has the current month and the months ahead from the start', async () => {
    const names = await recordPartitionNames(db());
    for (let month = 0; month <= MONTHS_AHEAD; month++) expect(names).toContain(partitionOf(month));
    expect(names).toContain('lock_records_default');
  });

  it('stores a record in the partition of its lock time', async () => {
    const lockId = await addLock(owner, 'Month door');
    const now = rec(Date.now());
    const next = rec(midMonth(1));
    await upload(lockId, [now, next]);
    expect(await partitionsHolding(lockId, now.recordId)).toEqual([partitionOf(0)]);
    expect(await partitionsHolding(lockId, next.recordId)).toEqual([partitionOf(1)]);
  });

  it('stores a record uploaded again once, in a month or in the default partition', async () => {
    const lockId = await addLock(owner, 'Twice door');
    const batch = [rec(Date.now() - 1000), rec(Date.UTC(2001, 0, 1))];
    expect(await upload(lockId, batch)).toEqual({ stored: 2, duplicates: 0 });
    expect(await upload(lockId, batch)).toEqual({ stored: 0, duplicates: 2 });
    expect(await upload(lockId, [...batch, ...batch])).toEqual({ stored: 0, duplicates: 4 });
    for (const record of batch) expect(await partitionsHolding(lockId, record.recordId)).toHaveLength(1);
    expect((await listed(lockId)).total).toBe(2);
  });

  it('keeps a lock time far in the past or the future in the default partition, and lists it', async () => {
    const lockId = await addLock(owner, 'Wrong clock door');
    const past = rec(Date.UTC(2000, 0, 1, 8));
    const future = rec(Date.UTC(2045, 5, 1, 8));
    const today = rec(Date.now() - 2000);
    await upload(lockId, [past, future, today]);
    expect(await partitionsHolding(lockId, past.recordId)).toEqual(['lock_records_default']);
    expect(await partitionsHolding(lockId, future.recordId)).toEqual(['lock_records_default']);
    const page = await listed(lockId);
    expect(page.total).toBe(3);
    expect(page.list.map((r) => r.lockDate)).toEqual([future.lockTime, today.lockTime, past.lockTime]);
  });

  it('makes the months ahead once when two runs meet, moving their records out of the default partition', async () => {
    const lockId = await addLock(owner, 'Ahead door');
    const early = rec(midMonth(8));
    await upload(lockId, [early]);
    expect(await partitionsHolding(lockId, early.recordId)).toEqual(['lock_records_default']);
    const later = new Date(midMonth(6));
    const job = new RecordPartitions(db(), undefined);
    const runs = await Promise.all([job.maintain(later), job.maintain(later)]);
    const created = runs.flatMap((run) => run.created).sort();
    expect(created).toEqual([6, 7, 8, 9].map(partitionOf));
    expect(await partitionsHolding(lockId, early.recordId)).toEqual([partitionOf(8)]);
    expect((await listed(lockId)).list.map((r) => r.lockDate)).toEqual([early.lockTime]);
    // Run again, nothing is left to do.
    expect(await job.maintain(later)).toEqual({ created: [], dropped: [], busy: false });
    expect(await job.maintain()).toEqual({ created: [], dropped: [], busy: false });
  });

  // PGlite has one connection: no other can hold the lock meanwhile.
  it.runIf(process.env.TEST_DATABASE_URL)('leaves the partitions to an instance already at them', async () => {
    const other = new pg.Client({ connectionString: server.databaseUrl });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('select pg_advisory_xact_lock($1)', [PARTITION_LOCK]);
      const job = new RecordPartitions(db(), undefined);
      const later = new Date(midMonth(12));
      expect(await job.maintain(later)).toEqual({ created: [], dropped: [], busy: true });
      await other.query('commit');
      expect((await job.maintain(later)).created).toEqual([12, 13, 14, 15].map(partitionOf));
    } finally {
      await other.end();
    }
  });

  it('drops the whole months past retention, and only those', async () => {
    const lockId = await addLock(owner, 'Old door');
    const job = new RecordPartitions(db(), 28);
    // Partitions made long ago: months -30 to -27.
    expect((await new RecordPartitions(db(), undefined).maintain(new Date(midMonth(-30)))).created).toEqual(
      [-30, -29, -28, -27].map(partitionOf),
    );
    const gone = rec(midMonth(-30));
    const kept = rec(midMonth(-28));
    const wrongClock = rec(Date.UTC(2000, 0, 1));
    const today = rec(Date.now() - 3000);
    await upload(lockId, [gone, kept, wrongClock, today]);
    const before = await recordPartitionNames(db());
    expect(await job.maintain()).toEqual({ created: [], dropped: [-30, -29].map(partitionOf), busy: false });
    expect(await recordPartitionNames(db())).toEqual(
      before.filter((name) => name !== partitionOf(-30) && name !== partitionOf(-29)),
    );
    expect((await listed(lockId)).list.map((r) => r.lockDate)).toEqual([
      today.lockTime,
      kept.lockTime,
      wrongClock.lockTime,
    ]);
    expect(await job.maintain()).toEqual({ created: [], dropped: [], busy: false });
  });
});
