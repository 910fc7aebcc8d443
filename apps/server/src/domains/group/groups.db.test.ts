import { ERRORS, GroupId, group, LockQueryType, LockRole, lock } from '@smartlock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addLock } from '../../test/devices';
import { loggedInClient } from '../../test/fixtures';
import { dataOf, startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

describe('the lock list and lock groups', () => {
  it('files locks into groups, filters the list by group, search, type and page', async () => {
    const { client } = await loggedInClient(server, 'groups@example.com');
    const ids = [];
    for (const name of ['Alpha door', 'Bravo door', 'Charlie gate', 'Delta room'])
      ids.push(await addLock(client, name));
    const [alpha, bravo, charlie] = ids as [number, number, number, number];

    const made = await client.call(group.add, { groupName: 'Building A' });
    expect(made.body.errorCode).toBe(0);
    const groupId = dataOf(made).groupId;
    expect((await client.call(group.add, { groupName: 'Building A' })).body.errorCode).toBe(
      ERRORS.groupNameExists.code,
    );
    expect((await client.call(group.setLocks, { groupId, lockIdList: `${alpha},${bravo}` })).body.errorCode).toBe(0);

    const inGroup = await client.call(lock.list, { groupId });
    expect(inGroup.body.data?.list.map((l) => l.lockName)).toEqual(['Alpha door', 'Bravo door']);
    const ungrouped = await client.call(lock.list, { groupId: GroupId.ungrouped });
    expect(ungrouped.body.data?.list.map((l) => l.lockName)).toEqual(['Charlie gate', 'Delta room']);
    const all = await client.call(lock.list, { groupId: GroupId.all, pageSize: 3 });
    expect(all.body.data).toMatchObject({ total: 4, pages: 2 });
    expect(all.body.data?.list.map((l) => l.role)).toEqual([LockRole.owner, LockRole.owner, LockRole.owner]);
    const page2 = await client.call(lock.list, { pageNo: 2, pageSize: 3 });
    expect(page2.body.data?.list.map((l) => l.lockName)).toEqual(['Delta room']);
    const searched = await client.call(lock.list, { lockName: 'door' });
    expect(searched.body.data?.list.map((l) => l.lockName)).toEqual(['Alpha door', 'Bravo door']);
    const admin = await client.call(lock.list, { type: LockQueryType.admin });
    expect(admin.body.data?.total).toBe(4);

    const groups = await client.call(group.list, {});
    expect(groups.body.data).toEqual({
      list: [{ groupId, groupName: 'Building A', lockCount: 2 }],
      ungroupedCount: 2,
      totalCount: 4,
    });

    // Moving a lock to another group, renaming, deleting.
    const other = dataOf(await client.call(group.add, { groupName: 'Building B' })).groupId;
    expect(
      (await client.call(group.setLocks, { groupId: other, lockIdList: `${bravo},${charlie}` })).body.errorCode,
    ).toBe(0);
    expect((await client.call(lock.list, { groupId })).body.data?.list.map((l) => l.lockId)).toEqual([alpha]);
    expect((await client.call(group.rename, { groupId: other, groupName: 'Building A' })).body.errorCode).toBe(
      ERRORS.groupNameExists.code,
    );
    expect((await client.call(group.rename, { groupId: other, groupName: 'Annex' })).body.errorCode).toBe(0);
    expect((await client.call(group.remove, { groupId })).body.errorCode).toBe(0);
    const after = await client.call(group.list, {});
    expect(after.body.data).toMatchObject({ list: [{ groupName: 'Annex', lockCount: 2 }], ungroupedCount: 2 });
    expect((await client.call(group.setLocks, { groupId: 0, lockIdList: String(bravo) })).body.errorCode).toBe(0);
    expect((await client.call(group.list, {})).body.data?.ungroupedCount).toBe(3);
  });

  it('keeps groups and locks to their account', async () => {
    const { client } = await loggedInClient(server, 'groups-owner@example.com');
    const lockId = await addLock(client, 'Owned door');
    const groupId = dataOf(await client.call(group.add, { groupName: 'Mine' })).groupId;
    const stranger = (await loggedInClient(server, 'groups-stranger@example.com')).client;
    const theirGroup = dataOf(await stranger.call(group.add, { groupName: 'Theirs' })).groupId;
    expect((await stranger.call(group.rename, { groupId, groupName: 'Stolen' })).body.errorCode).toBe(
      ERRORS.noPermission.code,
    );
    expect((await stranger.call(group.remove, { groupId })).body.errorCode).toBe(ERRORS.noPermission.code);
    expect(
      (await stranger.call(group.setLocks, { groupId: theirGroup, lockIdList: String(lockId) })).body.errorCode,
    ).toBe(ERRORS.noPermission.code);
    expect((await stranger.call(lock.list, { groupId })).body.errorCode).toBe(ERRORS.noPermission.code);
    expect((await stranger.call(lock.list, {})).body.data?.total).toBe(0);
    expect((await client.call(group.add, { groupName: '' })).status).toBe(400);
    expect((await client.call(lock.list, { groupId: -2 })).status).toBe(400);
    expect((await client.call(group.list, {})).body.data?.list).toEqual([{ groupId, groupName: 'Mine', lockCount: 0 }]);
  });
});
