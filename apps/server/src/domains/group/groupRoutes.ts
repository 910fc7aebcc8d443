import { group } from '@smartlock/contract';
import { requireSession } from '../../http/context';
import { type Route, route } from '../../http/router';
import type { GroupService } from './groupService';

/** Lock groups: list, add, rename, remove, and filing locks into them. */
export function groupRoutes(groups: GroupService): Route[] {
  return [
    route(group.list, async (_params, ctx) => groups.list(requireSession(ctx).userId)),

    route(group.add, async (params, ctx) => groups.add(requireSession(ctx).userId, params.groupName)),

    route(group.rename, async (params, ctx) => {
      await groups.rename(requireSession(ctx).userId, params.groupId, params.groupName);
      return {};
    }),

    route(group.remove, async (params, ctx) => {
      await groups.remove(requireSession(ctx).userId, params.groupId);
      return {};
    }),

    route(group.setLocks, async (params, ctx) => {
      await groups.setLocks(requireSession(ctx).userId, params.groupId, params.lockIdList);
      return {};
    }),
  ];
}
