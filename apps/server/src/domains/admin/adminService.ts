import { GroupId, parseAccount } from '@smartlock/contract';
import type { Db } from '../../db/client';
import { ApiError, assertVerdict } from '../../http/apiError';
import { pageOf } from '../../http/paging';
import type { Caller, EKeyService } from '../ekey/ekeyService';
import { eKeyValidity, type ValidityRequest } from '../ekey/ekeyValidity';
import { findOwnedGroup } from '../group/groupQueries';
import { ownedLocksAmong } from '../lock/lockQueries';
import { findUserByAccount, findUserById, type UserRow } from '../user/userQueries';
import { accountOf, presentAdmin, presentAdminLock } from './adminPresenter';
import {
  adminLockPage,
  adminPage,
  liveAdminKeysOn,
  ownedGroupsAmong,
  ownedLocksFiledIn,
  sentAdminKey,
  ungroupedOwnedLocks,
} from './adminQueries';

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
      const mine = await ownedLocksAmong(this.db, ownerId, lockIds);
      if (mine.length !== lockIds.length) throw new ApiError('noPermission', {}, 'lockIds');
      for (const row of mine) chosen.add(row.id);
    }
    const groups = groupIds.filter((id) => id > 0);
    if (groups.length > 0) {
      const mine = await ownedGroupsAmong(this.db, ownerId, groups);
      if (mine.length !== groups.length) throw new ApiError('noPermission', {}, 'groupIds');
      const filed = await ownedLocksFiledIn(this.db, ownerId, groups);
      for (const row of filed) chosen.add(row.id);
    }
    if (groupIds.includes(GroupId.ungrouped)) {
      const ungrouped = await ungroupedOwnedLocks(this.db, ownerId);
      for (const row of ungrouped) chosen.add(row.id);
    }
    if (chosen.size === 0) throw new ApiError('selectAtLeastOneLock');
    return [...chosen].sort((a, b) => a - b);
  }

  /** The account if it has ever been sent an administrator eKey on one of the caller's locks; else no permission. */
  private async knownAdmin(ownerId: number, adminUid: number): Promise<UserRow> {
    const sent = await sentAdminKey(this.db, ownerId, adminUid);
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
    const held = await liveAdminKeysOn(this.db, ownerId, adminUid, lockIds);
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
    const { rows, total } = await adminPage(this.db, ownerId, query);
    return pageOf(rows.map(presentAdmin), total, query.pageNo, query.pageSize);
  }

  /** The caller's locks as seen for one administrator, by AdminGroupQuery and the caller's group. */
  async listLocks(ownerId: number, query: Paging & { adminUid: number; queryType: number; groupId: number }) {
    await this.knownAdmin(ownerId, query.adminUid);
    if (query.groupId > 0) {
      const group = await findOwnedGroup(this.db, ownerId, query.groupId);
      if (!group) throw new ApiError('noPermission', {}, 'not a group of this account');
    }
    const { rows, total } = await adminLockPage(this.db, ownerId, query);
    return pageOf(rows.map(presentAdminLock), total, query.pageNo, query.pageSize);
  }
}
