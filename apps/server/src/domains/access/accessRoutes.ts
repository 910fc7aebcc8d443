import { access } from '@smartlock/contract';
import { requireSession } from '../../http/context';
import { type Route, route } from '../../http/router';
import type { AccessService } from './accessService';

/** Access at a moment (docs/governance.md): who can open what, when. */
export function accessRoutes(service: AccessService): Route[] {
  const userOf = (ctx: Parameters<typeof requireSession>[0]) => requireSession(ctx).userId;
  return [
    route(access.lockAccess, (params, ctx) => service.ofLock(userOf(ctx), params.lockId, params)),
    route(access.groupAccess, (params, ctx) => service.ofGroup(userOf(ctx), params.groupId, params)),
    route(access.personAccess, (params, ctx) => service.ofPerson(userOf(ctx), params.lockUser, params)),
  ];
}
