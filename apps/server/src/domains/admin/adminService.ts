import { AdminGroupQuery, EKeyAuthorized, GroupId, LockAdminFlag, parseAccount } from '@smartlock/contract';
import {
  and,
  asc,
  count,
  countDistinct,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  min,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ekeys, lockGroupLocks, lockGroups, locks, users } from '../../db/schema';
import { ApiError, assertVerdict } from '../../http/apiError';
import { containsPattern, offsetOf, pageOf } from '../../http/paging';
import type { Caller, EKeyService } from '../ekey/ekeyService';
import { ENDED_EKEY_STATUSES } from '../ekey/ekeyStatus';
import { eKeyValidity, type ValidityRequest } from '../ekey/ekeyValidity';
import { findUserByAccount, findUserById, type UserRow } from '../user/userQueries';

/** Locks or whole groups of the caller, as the contract's lockSelection gives them. */
export interface LockSelection {
  lockIds?: number[] | undefined;
  /** The caller's group ids; 0 is the caller's ungrouped locks. */
  groupIds?: number[] | undefined;
}

interface Paging {
  pageNo: number;
  pageSize: number;
}

/** An administrator eKey that still counts (not deleted or reset, nor on its way out). */
const liveAdminKey = (adminUid: number): SQL =>
  and(
    eq(ekeys.recipientId, adminUid),
    eq(ekeys.keyRight, EKeyAuthorized.yes),
    notInArray(ekeys.status, [...ENDED_EKEY_STATUSES]),
  ) as SQL;

const accountOf = (user: Pick<UserRow, 'email' | 'mobile'>) => user.email ?? user.mobile ?? '';

/**
 * Authorized administrators (docs/permissions.md): an owner lets a registered account manage
 * some of the owner's locks by sending it an administrator eKey (keyRight 1) per lock, through
 * EKeyService; taking a lock away deletes that key through EKeyService.remove, so the keys the
 * administrator sent on the lock go with it and the lock hears of every revocation. Every call
 * is the owner's, on the owner's own locks; an account is "an administrator of the caller" once
 * it has been sent an administrator eKey on one of the caller's locks.
 */
export class AdminService {
  constructor(
    private readonly db: Db,
    private readonly keys: EKeyService,
  ) {}

  /** The selected locks, all the caller's own; none selected: selectAtLeastOneLock. */
  private async selectedLocks(ownerId: number, selection: LockSelection): Promise<number[]> {
    const chosen = new Set<number>();
    const lockIds = selection.lockIds ?? [];
    const groupIds = selection.groupIds ?? [];
    if (lockIds.length > 0) {
      const mine = await this.db
        .select({ id: locks.id })
        .from(locks)
        .where(and(inArray(locks.id, lockIds), eq(locks.ownerId, ownerId)));
      if (mine.length !== lockIds.length) throw new ApiError('noPermission', {}, 'lockIds');
      for (const row of mine) chosen.add(row.id);
    }
    const groups = groupIds.filter((id) => id > 0);
    if (groups.length > 0) {
      const mine = await this.db
        .select({ id: lockGroups.id })
        .from(lockGroups)
        .where(and(inArray(lockGroups.id, groups), eq(lockGroups.ownerId, ownerId)));
      if (mine.length !== groups.length) throw new ApiError('noPermission', {}, 'groupIds');
      const filed = await this.db
        .select({ id: locks.id })
        .from(lockGroupLocks)
        .innerJoin(locks, eq(locks.id, lockGroupLocks.lockId))
        .where(
          and(eq(lockGroupLocks.userId, ownerId), inArray(lockGroupLocks.groupId, groups), eq(locks.ownerId, ownerId)),
        );
      for (const row of filed) chosen.add(row.id);
    }
    if (groupIds.includes(GroupId.ungrouped)) {
      const ungrouped = await this.db
        .select({ id: locks.id })
        .from(locks)
        .leftJoin(lockGroupLocks, and(eq(lockGroupLocks.lockId, locks.id), eq(lockGroupLocks.userId, ownerId)))
        .where(and(eq(locks.ownerId, ownerId), isNull(lockGroupLocks.groupId)));
      for (const row of ungrouped) chosen.add(row.id);
    }
    if (chosen.size === 0) throw new ApiError('selectAtLeastOneLock');
    return [...chosen].sort((a, b) => a - b);
  }

  /** The account if it has ever been sent an administrator eKey on one of the caller's locks; else no permission. */
  private async knownAdmin(ownerId: number, adminUid: number): Promise<UserRow> {
    const [sent] = await this.db
      .select({ id: ekeys.id })
      .from(ekeys)
      .innerJoin(locks, eq(locks.id, ekeys.lockId))
      .where(and(eq(ekeys.recipientId, adminUid), eq(ekeys.keyRight, EKeyAuthorized.yes), eq(locks.ownerId, ownerId)))
      .limit(1);
    const user = sent ? await findUserById(this.db, adminUid) : undefined;
    if (!user) throw new ApiError('noPermission', {}, 'not an administrator of this account');
    return user;
  }

  /** Sends (or upgrades to) an administrator eKey on each lock; answers how many were newly authorized. */
  private async grant(
    caller: Caller,
    lockIds: number[],
    admin: { user: UserRow; account: string },
    request: ValidityRequest & { remarks?: string | undefined },
  ): Promise<number> {
    eKeyValidity(request, undefined); // refused before any lock changes
    let authorized = 0;
    for (const lockId of lockIds) {
      if (await this.keys.grantAdministrator(caller, lockId, admin, request)) authorized += 1;
    }
    return authorized;
  }

  /** Deletes the administrator's live admin eKeys on the caller's locks (all, or `lockIds`); answers how many locks. */
  private async takeAway(ownerId: number, adminUid: number, lockIds?: number[]): Promise<number> {
    const held = await this.db
      .select({ keyId: ekeys.id, lockId: ekeys.lockId })
      .from(ekeys)
      .innerJoin(locks, eq(locks.id, ekeys.lockId))
      .where(
        and(liveAdminKey(adminUid), eq(locks.ownerId, ownerId), lockIds ? inArray(ekeys.lockId, lockIds) : undefined),
      );
    for (const key of held) await this.keys.remove(ownerId, key.keyId);
    return new Set(held.map((k) => k.lockId)).size;
  }

  async add(
    caller: Caller,
    request: LockSelection &
      ValidityRequest & { receiverUsername: string; countryCode?: string | undefined; remarks?: string | undefined },
  ): Promise<{ adminUid: number; count: number }> {
    const lockIds = await this.selectedLocks(caller.userId, request);
    const parsed = parseAccount(request.receiverUsername, request.countryCode);
    if (!parsed.ok) assertVerdict(parsed.verdict, 'receiverUsername');
    if (!parsed.ok) throw new ApiError('accountFormatError');
    const user = await findUserByAccount(this.db, parsed.account);
    if (!user) throw new ApiError('accountNotRegistered');
    if (user.id === caller.userId) throw new ApiError('sameAsCurrentAccount');
    const added = await this.grant(caller, lockIds, { user, account: parsed.account.value }, request);
    return { adminUid: user.id, count: added };
  }

  async authorize(caller: Caller, adminUid: number, request: LockSelection & ValidityRequest): Promise<number> {
    const user = await this.knownAdmin(caller.userId, adminUid);
    const lockIds = await this.selectedLocks(caller.userId, request);
    return this.grant(caller, lockIds, { user, account: accountOf(user) }, request);
  }

  async deauthorize(ownerId: number, adminUid: number, selection: LockSelection): Promise<number> {
    await this.knownAdmin(ownerId, adminUid);
    return this.takeAway(ownerId, adminUid, await this.selectedLocks(ownerId, selection));
  }

  async remove(ownerId: number, adminUid: number): Promise<number> {
    await this.knownAdmin(ownerId, adminUid);
    return this.takeAway(ownerId, adminUid);
  }

  /** Accounts holding a live administrator eKey on the caller's locks, first authorized newest first. */
  async list(ownerId: number, query: Paging & { searchStr?: string | undefined }) {
    const where: (SQL | undefined)[] = [
      eq(locks.ownerId, ownerId),
      eq(ekeys.keyRight, EKeyAuthorized.yes),
      isNotNull(ekeys.recipientId),
      notInArray(ekeys.status, [...ENDED_EKEY_STATUSES]),
    ];
    if (query.searchStr) {
      const pattern = containsPattern(query.searchStr);
      where.push(or(ilike(users.email, pattern), ilike(users.mobile, pattern), ilike(users.nickname, pattern)));
    }
    const firstDate = min(ekeys.createdAt);
    const [rows, [total]] = await Promise.all([
      this.db
        .select({
          user: users,
          lockCount: countDistinct(ekeys.lockId),
          createDate: firstDate,
        })
        .from(ekeys)
        .innerJoin(locks, eq(locks.id, ekeys.lockId))
        .innerJoin(users, eq(users.id, ekeys.recipientId))
        .where(and(...where))
        .groupBy(users.id)
        .orderBy(desc(firstDate), desc(users.id))
        .limit(query.pageSize)
        .offset(offsetOf(query.pageNo, query.pageSize)),
      this.db
        .select({ n: countDistinct(ekeys.recipientId) })
        .from(ekeys)
        .innerJoin(locks, eq(locks.id, ekeys.lockId))
        .innerJoin(users, eq(users.id, ekeys.recipientId))
        .where(and(...where)),
    ]);
    const list = rows.map((r) => ({
      adminUid: r.user.id,
      account: accountOf(r.user),
      nickname: r.user.nickname,
      lockCount: Number(r.lockCount),
      createDate: r.createDate ? new Date(r.createDate).getTime() : 0,
    }));
    return pageOf(list, Number(total?.n ?? 0), query.pageNo, query.pageSize);
  }

  /** The caller's locks as seen for one administrator, by AdminGroupQuery and the caller's group. */
  async listLocks(ownerId: number, query: Paging & { adminUid: number; queryType: number; groupId: number }) {
    await this.knownAdmin(ownerId, query.adminUid);
    if (query.groupId > 0) {
      const [group] = await this.db
        .select({ id: lockGroups.id })
        .from(lockGroups)
        .where(and(eq(lockGroups.id, query.groupId), eq(lockGroups.ownerId, ownerId)));
      if (!group) throw new ApiError('noPermission', {}, 'not a group of this account');
    }
    const adminKey = this.db
      .select({ lockId: ekeys.lockId, keyId: sql<number>`min(${ekeys.id})`.as('key_id') })
      .from(ekeys)
      .where(liveAdminKey(query.adminUid))
      .groupBy(ekeys.lockId)
      .as('admin_key');
    const filed = and(eq(lockGroupLocks.lockId, locks.id), eq(lockGroupLocks.userId, ownerId));
    const where = and(
      eq(locks.ownerId, ownerId),
      query.groupId === GroupId.ungrouped
        ? isNull(lockGroupLocks.groupId)
        : query.groupId > 0
          ? eq(lockGroupLocks.groupId, query.groupId)
          : undefined,
      query.queryType === AdminGroupQuery.authorized
        ? isNotNull(adminKey.keyId)
        : query.queryType === AdminGroupQuery.notAuthorized
          ? isNull(adminKey.keyId)
          : undefined,
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ lockId: locks.id, lockName: locks.name, groupId: lockGroupLocks.groupId, keyId: adminKey.keyId })
        .from(locks)
        .leftJoin(lockGroupLocks, filed)
        .leftJoin(adminKey, eq(adminKey.lockId, locks.id))
        .where(where)
        .orderBy(asc(locks.name), asc(locks.id))
        .limit(query.pageSize)
        .offset(offsetOf(query.pageNo, query.pageSize)),
      this.db
        .select({ n: count() })
        .from(locks)
        .leftJoin(lockGroupLocks, filed)
        .leftJoin(adminKey, eq(adminKey.lockId, locks.id))
        .where(where),
    ]);
    const list = rows.map((r) => ({
      lockId: r.lockId,
      lockName: r.lockName,
      groupId: r.groupId ?? GroupId.ungrouped,
      isAuthorized: r.keyId === null ? LockAdminFlag.no : LockAdminFlag.yes,
      keyId: r.keyId === null ? null : Number(r.keyId),
    }));
    return pageOf(list, total?.n ?? 0, query.pageNo, query.pageSize);
  }
}
