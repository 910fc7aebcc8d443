import { ACCESS_PASSAGE_LOCKS_MAX, ACCESS_WINDOW_MAX_DAYS, type AccessAnswer } from '@smartlock/contract';
import type { Db } from '../../db/client';
import { ApiError } from '../../http/apiError';
import { pageOf } from '../../http/paging';
import { findOwnedGroup } from '../group/groupQueries';
import { managedLock } from '../lock/lockAccess';
import { personKey } from '../lockUser/lockUserQueries';
import { type AccessScope, type AccessWindow, accessAnswer } from './accessQueries';

const DAY_MS = 86_400_000;

/** A moment (startDate alone) or a range [startDate, endDate), with a page. */
export interface AccessQuestion {
  startDate: number;
  endDate?: number | undefined;
  pageNo: number;
  pageSize: number;
}

/** The window a question asks about: a moment is [t, t + 1); a range at most ACCESS_WINDOW_MAX_DAYS long. */
export function windowOf(question: AccessQuestion): AccessWindow {
  if (question.endDate === undefined) return { from: question.startDate, to: question.startDate + 1 };
  if (question.endDate - question.startDate > ACCESS_WINDOW_MAX_DAYS * DAY_MS) {
    throw new ApiError('accessWindowExceeded', {}, 'endDate');
  }
  return { from: question.startDate, to: question.endDate };
}

/**
 * Access at a moment (docs/governance.md): who can open a lock or a group's locks, and what a
 * person can open, among the locks the caller manages — the owner's, and an authorized
 * administrator's administered ones. A lock the caller does not manage answers "no permission"
 * as a missing one does; so does a group that is not theirs.
 */
export class AccessService {
  constructor(private readonly db: Db) {}

  async ofLock(userId: number, lockId: number, question: AccessQuestion): Promise<AccessAnswer> {
    const window = windowOf(question);
    await managedLock(this.db, userId, lockId);
    return this.answer({ lockId }, window, question);
  }

  async ofGroup(userId: number, groupId: number, question: AccessQuestion): Promise<AccessAnswer> {
    const window = windowOf(question);
    if (!(await findOwnedGroup(this.db, userId, groupId))) {
      throw new ApiError('noPermission', {}, 'not a group of this account');
    }
    return this.answer({ userId, groupId }, window, question);
  }

  /** What the person (their account, or a credential's name, as the lock users know them) can open. */
  async ofPerson(userId: number, lockUser: string, question: AccessQuestion): Promise<AccessAnswer> {
    const window = windowOf(question);
    return this.answer({ userId, lockUser: personKey(lockUser) }, window, question);
  }

  private async answer(scope: AccessScope, window: AccessWindow, question: AccessQuestion): Promise<AccessAnswer> {
    const found = await accessAnswer(this.db, scope, window, question, ACCESS_PASSAGE_LOCKS_MAX);
    return { ...found, ...pageOf(found.list, found.total, question.pageNo, question.pageSize) };
  }
}
