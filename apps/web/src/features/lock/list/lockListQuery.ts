import { GroupId, LockQueryType } from '@smartlock/contract';
import type { LockListQuery, LockQueryTypeValue } from '../lockApi';

/** The lock list's query types (spec section 6): all, those I am an authorized admin of, those I own. */
export const QUERY_TYPES: readonly { value: LockQueryTypeValue; key: string }[] = [
  { value: LockQueryType.all, key: 'lockList.type.all' },
  { value: LockQueryType.authorizedAdmin, key: 'lockList.type.authorizedAdmin' },
  { value: LockQueryType.admin, key: 'lockList.type.admin' },
];

/** Why the list is empty: nothing matches the filters, or the user has no locks at all. */
export function emptyReason(query: Pick<LockListQuery, 'type' | 'groupId' | 'lockName'>): 'noMatch' | 'noLocks' {
  const filtered = query.lockName !== '' || query.type !== LockQueryType.all || query.groupId !== GroupId.all;
  return filtered ? 'noMatch' : 'noLocks';
}
