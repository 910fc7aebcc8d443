import { admin } from '@smartlock/contract';
import { requireSession } from '../../http/context';
import { type Route, route } from '../../http/router';
import { callerOf } from '../ekey/ekeyRoutes';
import type { AdminService } from './adminService';

/** Authorized administrators (docs/api.md, docs/permissions.md): the owner's calls, on the owner's locks. */
export function adminRoutes(admins: AdminService): Route[] {
  return [
    route(admin.list, async (params, ctx) => admins.list(requireSession(ctx).userId, params)),
    route(admin.add, async (params, ctx) => admins.add(callerOf(ctx), params)),
    route(admin.listLocks, async (params, ctx) => admins.listLocks(requireSession(ctx).userId, params)),
    route(admin.authorize, async (params, ctx) => ({
      count: await admins.authorize(callerOf(ctx), params.adminUid, params),
    })),
    route(admin.deauthorize, async (params, ctx) => ({
      count: await admins.deauthorize(requireSession(ctx).userId, params.adminUid, params),
    })),
    route(admin.remove, async (params, ctx) => ({
      count: await admins.remove(requireSession(ctx).userId, params.adminUid),
    })),
  ];
}
