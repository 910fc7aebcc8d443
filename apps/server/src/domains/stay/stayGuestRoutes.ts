import { stayGuest } from '@smartlock/contract';
import { requireSession } from '../../http/context';
import { type Route, route } from '../../http/router';
import type { InstructionsTarget } from './stayGuestQueries';
import type { StayGuestService } from './stayGuestService';

/** The one of a lock or a group the call names (the contract's schema lets exactly one through). */
function targetOf(params: { lockId?: number | undefined; groupId?: number | undefined }): InstructionsTarget {
  return params.lockId !== undefined ? { lockId: params.lockId } : { groupId: params.groupId as number };
}

/** A stay's guest page (public, by its link) and the arrival instructions owners write for it. */
export function stayGuestRoutes(guests: StayGuestService): Route[] {
  return [
    route(stayGuest.guest, async (params, ctx) => guests.page(params.token, ctx.brand.name)),
    route(stayGuest.guestUnlock, async (params) => guests.unlock(params.token, params.lockId)),
    route(stayGuest.instructions, async (params, ctx) =>
      guests.instructions(requireSession(ctx).userId, targetOf(params)),
    ),
    route(stayGuest.setInstructions, async (params, ctx) =>
      guests.setInstructions(requireSession(ctx).userId, targetOf(params), params.text),
    ),
  ];
}
