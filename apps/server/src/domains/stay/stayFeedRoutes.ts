import { stay } from '@smartlock/contract';
import type { CallContext } from '../../http/context';
import { requireSession } from '../../http/context';
import { originOf } from '../../http/origin';
import { type Route, route } from '../../http/router';
import type { StayCaller, StayFeedService } from './stayFeedService';

function callerOf(ctx: CallContext): StayCaller {
  return { userId: requireSession(ctx).userId, locale: ctx.locale, origin: originOf(ctx) };
}

/** The calendar feed and stay calls (docs/stays.md). */
export function stayFeedRoutes(stays: StayFeedService): Route[] {
  return [
    route(stay.feedList, async (params, ctx) => stays.feedList(callerOf(ctx), params)),
    route(stay.feedAdd, async (params, ctx) => stays.feedAdd(callerOf(ctx), params)),
    route(stay.feedUpdate, async (params, ctx) => stays.feedUpdate(callerOf(ctx), params)),
    route(stay.feedDelete, async (params, ctx) => {
      await stays.feedDelete(callerOf(ctx), params.feedId);
      return {};
    }),
    route(stay.feedPoll, async (params, ctx) => stays.feedPoll(callerOf(ctx), params.feedId)),
    route(stay.list, async (params, ctx) => stays.list(callerOf(ctx), params)),
  ];
}
