import { GroupId, LockAdminFlag } from '@smartlock/contract';
import type { UserRow } from '../user/userQueries';

export const accountOf = (user: Pick<UserRow, 'email' | 'mobile'>) => user.email ?? user.mobile ?? '';

/** An administrator in the list: the account, how many of the owner's locks, since when. */
export function presentAdmin(r: { user: UserRow; lockCount: number; createDate: Date | null }) {
  return {
    adminUid: r.user.id,
    account: accountOf(r.user),
    nickname: r.user.nickname,
    lockCount: Number(r.lockCount),
    createDate: r.createDate ? new Date(r.createDate).getTime() : 0,
  };
}

/** One of the owner's locks as seen for an administrator. */
export function presentAdminLock(r: {
  lockId: number;
  lockName: string;
  groupId: number | null;
  keyId: number | null;
}) {
  return {
    lockId: r.lockId,
    lockName: r.lockName,
    groupId: r.groupId ?? GroupId.ungrouped,
    isAuthorized: r.keyId === null ? LockAdminFlag.no : LockAdminFlag.yes,
    keyId: r.keyId === null ? null : Number(r.keyId),
  };
}
