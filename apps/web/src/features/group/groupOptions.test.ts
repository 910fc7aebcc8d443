import { GroupId } from '@smartlock/contract';
import { describe, expect, it } from 'vitest';
import { groupFilterOptions, groupIdFromQuery, moveTargetOptions, queryWithGroup } from './groupOptions';

const groups = {
  list: [
    { groupId: 7, groupName: 'Office', lockCount: 2 },
    { groupId: 9, groupName: 'Hotel', lockCount: 3 },
  ],
  ungroupedCount: 4,
  totalCount: 9,
};

describe('the group filter', () => {
  it('offers All, Ungrouped and each group, with lock counts', () => {
    expect(groupFilterOptions(groups)).toEqual([
      { groupId: -1, labelKey: 'group.all', lockCount: 9 },
      { groupId: 0, labelKey: 'group.ungrouped', lockCount: 4 },
      { groupId: 7, name: 'Office', lockCount: 2 },
      { groupId: 9, name: 'Hotel', lockCount: 3 },
    ]);
  });
  it('moves locks into a group or out of every group, never into "All"', () => {
    expect(moveTargetOptions(groups).map((o) => o.groupId)).toEqual([0, 7, 9]);
  });
});

describe('the group filter and the URL', () => {
  it('reads ?groupId=, All when missing or malformed', () => {
    expect(groupIdFromQuery(null)).toBe(GroupId.all);
    expect(groupIdFromQuery('7')).toBe(7);
    expect(groupIdFromQuery('0')).toBe(GroupId.ungrouped);
    expect(groupIdFromQuery('-1')).toBe(GroupId.all);
    for (const bad of ['', 'x', '07', '-2', '1.5', ' 7']) expect(groupIdFromQuery(bad), bad).toBe(GroupId.all);
  });
  it('falls back to All for a group that is not (or no longer) the user’s, once groups are known', () => {
    expect(groupIdFromQuery('8', groups)).toBe(GroupId.all);
    expect(groupIdFromQuery('9', groups)).toBe(9);
    expect(groupIdFromQuery('0', groups)).toBe(0);
  });
  it('writes the filter into the query, leaving other parameters alone', () => {
    const search = new URLSearchParams('lang=de_DE&groupId=7');
    expect(queryWithGroup(search, 9).toString()).toBe('lang=de_DE&groupId=9');
    expect(queryWithGroup(search, GroupId.ungrouped).toString()).toBe('lang=de_DE&groupId=0');
    expect(queryWithGroup(search, GroupId.all).toString()).toBe('lang=de_DE');
    expect(search.toString()).toBe('lang=de_DE&groupId=7');
  });
});
