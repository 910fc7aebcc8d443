import { lockUser } from '@smartlock/contract';
import { requireSession } from '../../http/context';
import { type Route, route } from '../../http/router';
import type { LockUserService } from './lockUserService';
import type { RevokeJobService } from './revokeJobService';

/** Lock users (docs/lock-users.md): the people holding credentials on the caller's locks. */
export function lockUserRoutes(lockUsers: LockUserService, revokeJobs: RevokeJobService): Route[] {
  const userOf = (ctx: Parameters<typeof requireSession>[0]) => requireSession(ctx).userId;
  return [
    route(lockUser.listKeyUser, (params, ctx) => lockUsers.list(userOf(ctx), params)),
    route(lockUser.listKeyGroup, (params, ctx) => lockUsers.listLocks(userOf(ctx), params.lockUser, params)),
    route(lockUser.listExpireUser, (params, ctx) => lockUsers.listExpiring(userOf(ctx), params)),
    route(lockUser.deleteKeyUser, (params, ctx) => lockUsers.remove(userOf(ctx), params.lockUser)),
    route(lockUser.revokeKeyUser, (params, ctx) => revokeJobs.start(userOf(ctx), params.lockUser)),
    route(lockUser.getRevokeJob, (params, ctx) => revokeJobs.get(userOf(ctx), params.jobId)),
    route(lockUser.getExportUserNum, (params, ctx) => lockUsers.exportCount(userOf(ctx), params.lockIds)),
    route(lockUser.exportUser, (params, ctx) => lockUsers.exportPage(userOf(ctx), params.lockIds, params)),
  ];
}
