import { type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';

/** Any constant: one instance at a time changes the record partitions. */
export const PARTITION_LOCK = 7_301_968;
/**
 * How long a change waits for a table lock before it gives up until the next run. Dropping a
 * partition locks the whole table, and a waiting lock queues every read behind it: a long export
 * must never stall the record lists for more than this.
 */
const LOCK_TIMEOUT = '3s';

async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Runs `step` in a transaction holding the partitions' advisory lock, with table locks waited for
 * at most LOCK_TIMEOUT; false (and nothing run) when another instance holds the advisory lock.
 */
export async function underPartitionLock(db: Db, step: (tx: Executor) => Promise<void>): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await rowsOf<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${PARTITION_LOCK}::bigint) as locked`,
    );
    if (!row?.locked) return false;
    await tx.execute(sql.raw(`set local lock_timeout = '${LOCK_TIMEOUT}'`));
    await step(tx);
    return true;
  });
}

/** The partitions of `lock_records` by name: the months' and the default one. */
export async function recordPartitionNames(db: Executor): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    db,
    sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = 'lock_records'::regclass order by c.relname`,
  );
  return rows.map((row) => row.name);
}

/**
 * Makes the partition of the month starting `month` (`YYYY-MM-01`) unless it exists, moving that
 * month's records out of the default partition into it (the migration's `lock_records_add_month`);
 * whether it made it.
 */
export async function addMonthPartition(tx: Executor, month: string): Promise<boolean> {
  const [row] = await rowsOf<{ created: boolean }>(tx, sql`select lock_records_add_month(${month}::date) as created`);
  return row?.created === true;
}

/** Drops a month's partition with its records, if it is still there; whether it was. */
export async function dropRecordPartition(tx: Executor, name: string): Promise<boolean> {
  const [row] = await rowsOf<{ present: boolean }>(tx, sql`select to_regclass(${name}) is not null as present`);
  if (!row?.present) return false;
  await tx.execute(sql`drop table ${sql.identifier(name)}`);
  return true;
}
