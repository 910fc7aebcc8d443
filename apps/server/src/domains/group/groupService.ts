import type { Db } from '../../db/client';
import { orConflict } from '../../db/conflict';
import { ApiError } from '../../http/apiError';
import { validatedName } from '../lock/deviceIdentity';
import { presentGroupList } from './groupPresenter';
import {
  deleteGroup,
  fileLocks,
  findOwnedGroup,
  groupsWithCounts,
  insertGroup,
  managedLockCountOf,
  renameGroup,
  unfileLocks,
} from './groupQueries';

/**
 * Lock groups: each account files the locks it manages (owns or administers) into groups of its
 * own; an administrator's groups are theirs, never the owner's.
 */
export class GroupService {
  constructor(private readonly db: Db) {}

  /** The group if it is the caller's, else "no permission" (also when it does not exist). */
  private async ownedGroup(userId: number, groupId: number) {
    const row = await findOwnedGroup(this.db, userId, groupId);
    if (!row) throw new ApiError('noPermission', {}, 'not a group of this account');
    return row;
  }

  async list(userId: number) {
    const { groups, counts, totalCount } = await groupsWithCounts(this.db, userId);
    return presentGroupList(groups, counts, totalCount);
  }

  async add(userId: number, groupName: string): Promise<{ groupId: number }> {
    const name = validatedName('group', groupName);
    return orConflict(async () => ({ groupId: await insertGroup(this.db, userId, name) }), 'groupNameExists');
  }

  async rename(userId: number, groupId: number, groupName: string): Promise<void> {
    await this.ownedGroup(userId, groupId);
    const name = validatedName('group', groupName);
    await orConflict(() => renameGroup(this.db, groupId, name), 'groupNameExists');
  }

  async remove(userId: number, groupId: number): Promise<void> {
    await this.ownedGroup(userId, groupId);
    await deleteGroup(this.db, groupId);
  }

  /** Files the locks in the group (0: in none), each taken out of the group it was in. */
  async setLocks(userId: number, groupId: number, lockIdList: number[]): Promise<void> {
    if (groupId > 0) await this.ownedGroup(userId, groupId);
    const managed = await managedLockCountOf(this.db, userId, lockIdList);
    if (managed !== lockIdList.length) throw new ApiError('noPermission', {}, 'lockIdList');
    await this.db.transaction(async (tx) => {
      await unfileLocks(tx, userId, lockIdList);
      if (groupId > 0) await fileLocks(tx, userId, groupId, lockIdList);
    });
  }
}
