import { GroupId } from '@smartlock/contract';
import type { GroupList } from './groupApi';

export interface GroupOption {
  groupId: number;
  /** i18n key for All and Ungrouped; undefined for a group, which shows its own name. */
  labelKey?: string;
  name?: string;
  lockCount: number;
}

/** The lock list's group filter: All (-1), Ungrouped (0), then each group, each with its lock count. */
export function groupFilterOptions(groups: GroupList): GroupOption[] {
  return [
    { groupId: GroupId.all, labelKey: 'group.all', lockCount: groups.totalCount },
    { groupId: GroupId.ungrouped, labelKey: 'group.ungrouped', lockCount: groups.ungroupedCount },
    ...groups.list.map((g) => ({ groupId: g.groupId, name: g.groupName, lockCount: g.lockCount })),
  ];
}

/** Where locks can be moved: out of every group (0), or into one of the groups. */
export function moveTargetOptions(groups: GroupList): GroupOption[] {
  return groupFilterOptions(groups).filter((option) => option.groupId !== GroupId.all);
}

/**
 * The group filter a `groupId` query parameter asks for: a whole number from -1; All when it is
 * missing or malformed, or, once the groups are known, not one of them (a deleted group).
 */
export function groupIdFromQuery(raw: string | null, groups?: GroupList): number {
  if (raw === null || !/^(-1|0|[1-9][0-9]{0,9})$/.test(raw)) return GroupId.all;
  const groupId = Number(raw);
  if (groupId <= GroupId.ungrouped || !groups) return groupId;
  return groups.list.some((g) => g.groupId === groupId) ? groupId : GroupId.all;
}

/** The query with the group filter set: All leaves the parameter out; the other parameters stay. */
export function queryWithGroup(search: URLSearchParams, groupId: number): URLSearchParams {
  const next = new URLSearchParams(search);
  if (groupId === GroupId.all) next.delete('groupId');
  else next.set('groupId', String(groupId));
  return next;
}
