import { access } from '@smartlock/contract';
import { requireSession } from '../../http/context';
import { type Route, route } from '../../http/router';
import type { AccessReviewService } from './accessReviewService';
import type { AccessService } from './accessService';

/** Access at a moment and the access review (docs/governance.md): who can open what, when; what to take back. */
export function accessRoutes(service: AccessService, review: AccessReviewService): Route[] {
  const userOf = (ctx: Parameters<typeof requireSession>[0]) => requireSession(ctx).userId;
  return [
    route(access.lockAccess, (params, ctx) => service.ofLock(userOf(ctx), params.lockId, params)),
    route(access.groupAccess, (params, ctx) => service.ofGroup(userOf(ctx), params.groupId, params)),
    route(access.personAccess, (params, ctx) => service.ofPerson(userOf(ctx), params.lockUser, params)),
    route(access.reviewUnused, (params, ctx) => review.unused(userOf(ctx), params)),
    route(access.reviewGone, (params, ctx) => review.gone(userOf(ctx), params)),
    route(access.reviewAdmins, (params, ctx) => review.idleAdmins(userOf(ctx), params)),
  ];
}
