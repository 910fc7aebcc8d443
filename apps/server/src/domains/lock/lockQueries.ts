import {
  EKeyAuthorized,
  GroupId,
  LOCK_CREDENTIAL_KINDS,
  LockQueryType,
  PasscodeStatus,
  signalGradeOfRssi,
  ValidityType,
} from '@smartlock/contract';
import {
  type AnyColumn,
  and,
  asc,
  count,
  eq,
  exists,
  ilike,
  inArray,
  isNotNull,
  lt,
  lte,
  ne,
  notExists,
  notInArray,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { pageAndCount, preparedByShape, preparedStatement } from '../../db/prepared';
import {
  ekeys,
  gatewayLocks,
  gateways,
  lockCredentials,
  lockGroupLocks,
  lockGroups,
  locks,
  passcodes,
} from '../../db/schema';
import { ApiError } from '../../http/apiError';
import { pageOf } from '../../http/paging';
import { GONE_EKEY_STATUSES, IN_FORCE_EKEY_STATUSES } from '../ekey/ekeyStatus';
import { NOT_LIVE } from '../lockCredential/credentialKinds';
import { locationOf } from '../map/lockLocation';
import { presentLockItem } from './lockPresenter';
import { type LockReach, reachFrom } from './lockReach';
import { currentLockSubset } from './lockSubset';

/** A lock's row as stored. */
export type LockRow = typeof locks.$inferSelect;

/** Columns of a lock's row to change. */
export type LockUpdate = Partial<typeof locks.$inferInsert>;

/**
 * The statuses of an administrator eKey that administer: normal, and updating (a new validity
 * waiting for the holder's app; the key stays in force). Frozen, leaving or overdue keys do not.
 */
const ADMINISTERING = IN_FORCE_EKEY_STATUSES;

/**
 * The account's administrator eKey of the lock (a normal eKey sent with keyRight 1) in a status
 * that administers, if any; whether it is valid now is the caller's check (lockAccess.ts).
 */
export async function administratorKeyOf(db: Executor, lockId: number, userId: number) {
  const [key] = await administratorKey(db).execute({ lockId, userId });
  return key;
}

const administratorKey = preparedStatement((db) =>
  db
    .select()
    .from(ekeys)
    .where(
      and(
        eq(ekeys.lockId, sql.placeholder('lockId')),
        eq(ekeys.recipientId, sql.placeholder('userId')),
        eq(ekeys.keyRight, EKeyAuthorized.yes),
        inArray(ekeys.status, [...ADMINISTERING]),
      ),
    )
    .prepare('lock_administrator_key'),
);

/**
 * SQL: `locks` (in the query) has an administering administrator eKey held by `userId` that is valid now
 * — the same rule as `managedLock` (lockAccess.ts), for lists.
 */
export function administeredLockCondition(userId: number | Placeholder): SQL {
  return sql`exists (
    select 1 from ${ekeys}
    where ${ekeys.lockId} = ${locks.id} and ${ekeys.recipientId} = ${userId} and ${administeringKey()})`;
}

/** SQL: `ekeys` (in the query) is an administrator key that administers now. */
function administeringKey(): SQL {
  return sql`${ekeys.keyRight} = ${EKeyAuthorized.yes} and ${inArray(ekeys.status, [...ADMINISTERING])}
    and (${ekeys.validityType} = ${ValidityType.permanent}
      or (${ekeys.startDate} <= now() and ${ekeys.endDate} > now()))`;
}

/** The accounts administering a lock now (those `managedLock` admits besides its owner). */
export async function administratorsOf(db: Executor, lockId: number): Promise<number[]> {
  const rows = await db
    .select({ id: ekeys.recipientId })
    .from(ekeys)
    .where(and(eq(ekeys.lockId, lockId), isNotNull(ekeys.recipientId), administeringKey()));
  return rows.map((row) => row.id as number);
}

/**
 * SQL: the lock (`locks` in the query, or another table's lock id column) is within the current
 * call's lock subset (an API key's, lockSubset.ts); undefined when the call has none. Not for
 * prepared statements: it is the call's, not the statement's.
 */
export function lockSubsetCondition(lockIdColumn: AnyColumn = locks.id): SQL | undefined {
  const subset = currentLockSubset();
  if (subset === undefined) return undefined;
  return subset.size === 0 ? sql`false` : inArray(lockIdColumn, [...subset]);
}

/** SQL: a prepared statement's lock subset, given as the `lockIds` placeholder ("3,5,8"). */
const preparedSubsetCondition = (): SQL =>
  sql`${locks.id} = any(string_to_array(${sql.placeholder('lockIds')}, ',')::int[])`;

/**
 * SQL: `locks` (in the query) is one `userId` manages — owns, or administers (as `managedLock`) —
 * within the call's lock subset if it has one.
 */
export function managedLockCondition(userId: number): SQL {
  const managed = sql`(${locks.ownerId} = ${userId} or ${administeredLockCondition(userId)})`;
  const subset = lockSubsetCondition();
  return subset ? sql`(${managed} and ${subset})` : managed;
}

export interface LockListQuery {
  pageNo: number;
  pageSize: number;
  type: number;
  groupId: number;
  lockName?: string | undefined;
}

/**
 * SQL: the gateways bound to `locks` (in the query), as a JSON array of links (name, online,
 * RSSI), empty when none — read with the page's rows, not in a query of its own.
 */
function gatewayLinksOf(): SQL<{ gatewayName: string; online: number; rssi: number | null }[]> {
  return sql`(select coalesce(json_agg(json_build_object('gatewayName', ${gateways.name}, 'online', ${gateways.online}, 'rssi', ${gatewayLocks.rssi})), '[]')
    from ${gatewayLocks} join ${gateways} on ${gateways.id} = ${gatewayLocks.gatewayId}
    where ${gatewayLocks.lockId} = ${locks.id})`;
}

/** A lock's reach from its links as `gatewayLinksOf` gives them. */
function reachOfLinks(links: { gatewayName: string; online: number; rssi: number | null }[]): LockReach | undefined {
  return reachFrom(
    links.map((link) => ({
      gatewayName: link.gatewayName,
      online: Number(link.online) === 1,
      rssi: link.rssi === null ? null : Number(link.rssi),
    })),
  );
}

/**
 * The locks a lock list of `type` covers, as disjoint branches (their rows and counts add up): the
 * owned ones, and those administered but owned by someone else. Each branch alone lets PostgreSQL
 * walk its index in name order (the owned one `locks_owner_name_idx`), which `owner or administers`
 * as one condition does not.
 */
export function managedBranches(
  userId: number | Placeholder,
  type: number,
  /** The lock subset: by default the call's (lockSubsetCondition); null for none (a prepared statement's own). */
  subset: SQL | null | undefined = lockSubsetCondition(),
): SQL[] {
  const within = subset ?? undefined;
  const owned = and(eq(locks.ownerId, userId), within) as SQL;
  const administered = and(ne(locks.ownerId, userId), administeredLockCondition(userId), within) as SQL;
  if (type === LockQueryType.admin) return [owned];
  if (type === LockQueryType.authorizedAdmin) return [administered];
  return [owned, administered];
}

/** SQL: `locks` (in the query) is filed as `groupId` asks — any (-1), in none of the user's groups (0), in that group. */
function filingCondition(userId: number | Placeholder, groupId: number | Placeholder): SQL | undefined {
  if (groupId === GroupId.all) return undefined;
  const filing = filingOf(userId, groupId === GroupId.ungrouped ? undefined : groupId);
  return groupId === GroupId.ungrouped ? notExists(filing) : exists(filing);
}

/** SQL: the subquery of the user's filing of `locks` (in the query), in one group or in any. */
function filingOf(userId: number | Placeholder, groupId: number | Placeholder | undefined) {
  return sql`(select 1 from ${lockGroupLocks} where ${and(
    eq(lockGroupLocks.userId, userId),
    eq(lockGroupLocks.lockId, locks.id),
    groupId === undefined ? undefined : eq(lockGroupLocks.groupId, groupId),
  )})`;
}

/** SQL: how many locks the branches' conditions hold together (each counted alone: no sort, no OR). */
function countOfBranchesSql(branches: SQL[]): SQL<number> {
  const counts = branches.map((where) => sql`(select count(*) from ${locks} where ${where})`);
  return sql<number>`(${sql.join(counts, sql` + `)})::int`;
}

/** A single row to select an expression from. */
const ONE_ROW = sql`(values (1)) as "one"`;

/** How many locks the branches' conditions hold together. */
export async function countOfBranches(db: Db, branches: SQL[]): Promise<number> {
  const [row] = await db.select({ n: countOfBranchesSql(branches) }).from(ONE_ROW);
  return Number(row?.n ?? 0);
}

/** Where a page is: the rows before it, its size, and its end (offset + size). */
interface PageWindow {
  offset: number | Placeholder;
  limit: number | Placeholder;
  end: number | Placeholder;
}

/** SQL: the ids of one page of the branches' locks by name: each branch ordered and cut at the page's end, then merged. */
function pageIdsOf(db: Executor, branches: SQL[], window: PageWindow): SQL {
  const heads = branches.map(
    (where) =>
      sql`(${db.select({ id: locks.id, name: locks.name }).from(locks).where(where).orderBy(asc(locks.name), asc(locks.id)).limit(window.end)})`,
  );
  return sql`(select "id" from (${sql.join(heads, sql` union all `)}) as "page"
    order by "name", "id" limit ${window.limit} offset ${window.offset})`;
}

/**
 * The console's lock list: the locks the caller manages. Query type "all" is the locks it owns
 * and those it is an authorized administrator of (a normal keyRight-1 eKey valid now), "admin"
 * the owned ones, "authorized admin" the administered ones. Group -1 is every lock, 0 those in
 * none of the caller's groups, else one of the caller's own groups.
 */
export async function listLocks(db: Db, userId: number, query: LockListQuery) {
  if (query.groupId > 0) {
    const [group] = await groupOfOwner(db).execute({ groupId: query.groupId, userId });
    if (!group) throw new ApiError('noPermission', {}, 'not a group of this account');
  }
  const scope =
    query.type === LockQueryType.admin || query.type === LockQueryType.authorizedAdmin ? query.type : LockQueryType.all;
  const filing = query.groupId === GroupId.all ? 'all' : query.groupId === GroupId.ungrouped ? 'ungrouped' : 'group';
  const subset = currentLockSubset();
  const shape = `${scope}_${filing}_${query.lockName ? 'search' : ''}_${subset ? 'subset' : ''}`;
  const { rows, total } = await pageAndCount(lockListing(db, shape), query.lockName, query, {
    userId,
    groupId: query.groupId,
    lockIds: subset ? [...subset].join(',') : '',
  });
  const list = rows.map((r) => presentLockItem(r.lock, userId, r.groupId, reachOfLinks(r.links)));
  return pageOf(list, total, query.pageNo, query.pageSize);
}

const groupOfOwner = preparedStatement((db) =>
  db
    .select({ id: lockGroups.id })
    .from(lockGroups)
    .where(and(eq(lockGroups.id, sql.placeholder('groupId')), eq(lockGroups.ownerId, sql.placeholder('userId'))))
    .prepare('lock_group_of_owner'),
);

/**
 * The lock list's page and count, run on every visit of the console's home: prepared for each
 * shape of the query, `<type>_<all|ungrouped|group>_[search]_[subset]` (at most 36; an API key's
 * lock subset is a parameter, never part of the statement).
 */
const lockListing = preparedByShape((db, shape: string) => {
  const [type, filing, search, subset] = shape.split('_');
  const userId = sql.placeholder('userId');
  const narrowing = [
    filingCondition(
      userId,
      filing === 'all' ? GroupId.all : filing === 'ungrouped' ? GroupId.ungrouped : sql.placeholder('groupId'),
    ),
    search ? ilike(locks.name, sql.placeholder('pattern')) : undefined,
  ];
  const branches = managedBranches(userId, Number(type), subset ? preparedSubsetCondition() : null).map(
    (managed) => and(managed, ...narrowing) as SQL,
  );
  const filed = and(eq(lockGroupLocks.lockId, locks.id), eq(lockGroupLocks.userId, userId));
  const window = { offset: sql.placeholder('offset'), limit: sql.placeholder('limit'), end: sql.placeholder('end') };
  return {
    page: db
      .select({ lock: locks, groupId: lockGroupLocks.groupId, links: gatewayLinksOf() })
      .from(locks)
      .leftJoin(lockGroupLocks, filed)
      .where(inArray(locks.id, pageIdsOf(db, branches, window)))
      .orderBy(asc(locks.name), asc(locks.id))
      .prepare(`lock_list_page_${shape}`),
    count: db
      .select({ n: countOfBranchesSql(branches) })
      .from(ONE_ROW)
      .prepare(`lock_list_count_${shape}`),
  };
});

/** How many locks the account manages (owns, or administers now). */
export async function managedLockTotal(db: Db, userId: number): Promise<number> {
  return countOfBranches(db, managedBranches(userId, LockQueryType.all));
}

/** Everything the lock-detail screen shows. */
export async function lockDetail(db: Db, userId: number, lock: LockRow) {
  const [filed] = await db
    .select({ groupId: lockGroupLocks.groupId })
    .from(lockGroupLocks)
    .where(and(eq(lockGroupLocks.lockId, lock.id), eq(lockGroupLocks.userId, userId)));
  const reaching = await db
    .select({ gateway: gateways, rssi: gatewayLocks.rssi })
    .from(gatewayLocks)
    .innerJoin(gateways, and(eq(gateways.id, gatewayLocks.gatewayId), eq(gateways.ownerId, lock.ownerId)))
    .where(eq(gatewayLocks.lockId, lock.id))
    .orderBy(asc(gateways.name));
  const [[ekeyCount], [passcodeCount], storedCounts] = await Promise.all([
    db
      .select({ n: count() })
      .from(ekeys)
      .where(and(eq(ekeys.lockId, lock.id), notInArray(ekeys.status, [...GONE_EKEY_STATUSES]))),
    db
      .select({ n: count() })
      .from(passcodes)
      .where(and(eq(passcodes.lockId, lock.id), ne(passcodes.status, PasscodeStatus.deleted))),
    db
      .select({ kind: lockCredentials.kind, n: count() })
      .from(lockCredentials)
      .where(and(eq(lockCredentials.lockId, lock.id), notInArray(lockCredentials.status, [...NOT_LIVE])))
      .groupBy(lockCredentials.kind),
  ]);
  const stored = Object.fromEntries(LOCK_CREDENTIAL_KINDS.map((kind) => [kind, 0])) as Record<
    (typeof LOCK_CREDENTIAL_KINDS)[number],
    number
  >;
  for (const row of storedCounts) if (row.kind in stored) stored[row.kind as keyof typeof stored] = row.n;
  const reach = reachFrom(
    reaching.map((r) => ({ gatewayName: r.gateway.name, online: r.gateway.online === 1, rssi: r.rssi })),
  );
  return {
    ...presentLockItem(lock, userId, filed?.groupId ?? null, reach),
    lockNumber: lock.lockNumber,
    firmware: lock.firmware,
    passcodeVersion: lock.passcodeVersion,
    timezoneRawOffset: lock.timezoneRawOffset,
    autoLockTime: lock.autoLockSeconds,
    passageModeConfig: lock.passageMode,
    switches: lock.switches,
    roomStatus: lock.roomStatus,
    daylightSavingReminder: lock.daylightSavingReminder,
    eKeyCredentialMaxAgeDays: lock.eKeyCredentialMaxAgeDays,
    parking: lock.parking,
    gateways: reaching.map((r) => ({
      gatewayId: r.gateway.id,
      gatewayName: r.gateway.name,
      isOnline: r.gateway.online,
      signalGrade: r.gateway.online ? signalGradeOfRssi(r.rssi) : 0,
    })),
    createdAt: lock.createdAt.getTime(),
    location: await locationOf(db, lock.id),
    credentialCounts: { ekey: ekeyCount?.n ?? 0, passcode: passcodeCount?.n ?? 0, ...stored },
  };
}

/** A lock by its id (no permission checked: the caller has done that). */
export async function findLockById(db: Executor, lockId: number): Promise<LockRow | undefined> {
  const [lock] = await lockById(db).execute({ lockId });
  return lock;
}

const lockById = preparedStatement((db) =>
  db
    .select()
    .from(locks)
    .where(eq(locks.id, sql.placeholder('lockId')))
    .prepare('lock_by_id'),
);

/**
 * Those of the locks the user owns (id and name): the check of a call on many locks at once
 * (batch unlock, record export), which needs every one to be the caller's own.
 */
export async function ownedLocksAmong(db: Executor, userId: number, lockIds: number[]) {
  return db
    .select({ id: locks.id, name: locks.name })
    .from(locks)
    .where(and(inArray(locks.id, lockIds), eq(locks.ownerId, userId), lockSubsetCondition()));
}

/** Saves the lock's daylight-saving reminder (the cloud's own setting: no command to the lock). */
export async function saveDaylightSavingReminder(db: Executor, lockId: number, value: number): Promise<void> {
  await db.update(locks).set({ daylightSavingReminder: value }).where(eq(locks.id, lockId));
}

/** How many locks the account owns (is the primary administrator of). */
export async function ownedLockCount(db: Executor, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(locks).where(eq(locks.ownerId, userId));
  return row?.n ?? 0;
}

/** Whether the account administers another owner's lock now. */
export async function administersAnyLock(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db.select({ id: locks.id }).from(locks).where(administeredLockCondition(userId)).limit(1);
  return row !== undefined;
}

/** A newly registered lock's row. */
export async function insertLock(db: Executor, values: typeof locks.$inferInsert): Promise<number> {
  const [created] = await db.insert(locks).values(values).returning({ id: locks.id });
  if (!created) throw new Error('lock insert returned nothing');
  return created.id;
}

/** Changes what the cloud keeps of a lock (its name, the cloud's own settings). */
export async function updateLock(db: Executor, lockId: number, set: LockUpdate): Promise<void> {
  await db.update(locks).set(set).where(eq(locks.id, lockId));
}

/**
 * Keeps what a lock reported (`switches` merged into those kept), unless its row holds a fact
 * reported after `at` — or at the same moment, when only a newer one may count. The lock's bolt
 * and battery as kept then, or undefined when its row did not change.
 */
export async function saveReportedState(
  tx: Executor,
  lockId: number,
  reported: { set: LockUpdate; switches: Record<string, number> },
  when: { at: number; strictlyNewer: boolean },
): Promise<{ lockId: number; state: number; battery: number; was: { state: number; battery: number } } | undefined> {
  const set: LockUpdate = { ...reported.set, stateAt: when.at };
  if (Object.keys(reported.switches).length > 0) {
    set.switches = sql`${locks.switches} || ${JSON.stringify(reported.switches)}::jsonb` as unknown as Record<
      string,
      number
    >;
  }
  const [row] = await tx
    .update(locks)
    .set(set)
    .where(and(eq(locks.id, lockId), when.strictlyNewer ? lt(locks.stateAt, when.at) : lte(locks.stateAt, when.at)))
    .returning({
      lockId: locks.id,
      state: locks.state,
      battery: locks.battery,
      // A sub-select in RETURNING reads the row as it was before this statement changed it.
      wasState: sql<number>`(select l.state from locks l where l.id = "locks"."id")`,
      wasBattery: sql<number>`(select l.battery from locks l where l.id = "locks"."id")`,
    });
  if (!row) return undefined;
  const { wasState, wasBattery, ...change } = row;
  return { ...change, was: { state: Number(wasState), battery: Number(wasBattery) } };
}
