import { sql } from 'drizzle-orm';
import type { Executor } from './client';

/**
 * The next id of a table's serial `id` column, taken before the row is written (a command to a
 * lock names the credential before the row that records it exists).
 */
export async function nextSerialId(db: Executor, table: string): Promise<number> {
  const result = await db.execute<{ id: number }>(
    sql`select nextval(pg_get_serial_sequence(${table}, 'id'))::int as id`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: { id: number }[] }).rows) as { id: number }[];
  const id = rows[0]?.id;
  if (typeof id !== 'number') throw new Error(`no next id for ${table}`);
  return id;
}
