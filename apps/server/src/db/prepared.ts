import { containsPattern, offsetOf } from '../http/paging';
import type { Executor } from './client';

/**
 * A statement every call makes (the session, the replay check, the lock's permission), built once
 * per database handle and run by name from then on: the ORM turns it into SQL text once instead of
 * on each call, and PostgreSQL parses it once per connection (a named prepared statement; PGlite
 * ignores the name). `build` gets the handle and returns `query.prepare(name)` with `sql.placeholder`
 * for what varies; a name is one statement's text, never two.
 *
 * The handle is the pool's `db`, or a transaction when the statement runs inside one: each handle
 * has its own (a transaction's is built on its first use and goes with it), so a statement never
 * runs outside the transaction it was asked in.
 */
export function preparedStatement<P>(build: (executor: Executor) => P): (executor: Executor) => P {
  const built = new WeakMap<Executor, P>();
  return (executor) => {
    let statement = built.get(executor);
    if (statement === undefined) {
      statement = build(executor);
      built.set(executor, statement);
    }
    return statement;
  };
}

/**
 * A statement whose text depends on the shape of the request (a search or none, a filter or
 * another), prepared once per shape and handle: `build` gets the shape and names each statement
 * after it, since a name can hold only one text. The shapes are few (a handful of flags).
 */
export function preparedByShape<S extends string | boolean, P>(
  build: (executor: Executor, shape: S) => P,
): (executor: Executor, shape: S) => P {
  const built = new WeakMap<Executor, Map<S, P>>();
  return (executor, shape) => {
    let shapes = built.get(executor);
    if (shapes === undefined) {
      shapes = new Map();
      built.set(executor, shapes);
    }
    let statement = shapes.get(shape);
    if (statement === undefined) {
      statement = build(executor, shape);
      shapes.set(shape, statement);
    }
    return statement;
  };
}

/** A list's statements in their two shapes, without and with a search (`preparedByShape`). */
export function preparedWithSearch<P>(
  build: (executor: Executor, searching: boolean) => P,
): (executor: Executor, searching: boolean) => P {
  return preparedByShape<boolean, P>(build);
}

/** A list's two prepared statements: its page and its count (one row, `n`). */
export interface PreparedListing<Row> {
  page: { execute(values: Record<string, unknown>): Promise<Row[]> };
  count: { execute(values: Record<string, unknown>): Promise<{ n: number | string }[]> };
}

/**
 * Runs a list's page and count together with the same values: the search as a contains pattern
 * (`pattern`, empty when none), the page as `limit` and `offset`, and what else the list takes.
 */
export async function pageAndCount<Row>(
  listing: PreparedListing<Row>,
  search: string | undefined,
  paging: { pageNo: number; pageSize: number },
  values: Record<string, unknown>,
): Promise<{ rows: Row[]; total: number }> {
  const offset = offsetOf(paging.pageNo, paging.pageSize);
  const all = {
    ...values,
    pattern: search ? containsPattern(search) : '',
    limit: paging.pageSize,
    offset,
    end: offset + paging.pageSize,
  };
  const [rows, [total]] = await Promise.all([listing.page.execute(all), listing.count.execute(all)]);
  return { rows, total: Number(total?.n ?? 0) };
}
