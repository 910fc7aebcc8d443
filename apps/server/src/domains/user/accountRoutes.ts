import { user } from '@smartlock/contract';
import { requireSession } from '../../http/context';
import { type Route, route } from '../../http/router';
import type { SessionStore } from '../../http/session';
import type { UserService } from './userService';

/** The account as a whole (docs/accounts.md): everything it owns handed over, and the account deleted. */
export function accountRoutes(deps: { users: UserService; sessions: SessionStore }): Route[] {
  return [
    route(user.transferUserConfirm, async (params, ctx) => deps.users.handOver(requireSession(ctx).userId, params)),

    route(user.unregister, async (params, ctx) => {
      await deps.users.unregister(requireSession(ctx).userId, params);
      deps.sessions.clearCookie(ctx.request, ctx.reply);
      return {};
    }),
  ];
}
