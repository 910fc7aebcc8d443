import { passcode } from '@smartlock/contract';
import type { CallContext } from '../../http/context';
import { requireSession } from '../../http/context';
import { type Route, route } from '../../http/router';
import { noticeCallerOf } from '../notice/noticeWriter';
import type { PasscodeCaller, PasscodeService } from './passcodeService';

function callerOf(ctx: CallContext): PasscodeCaller {
  return { ...noticeCallerOf(ctx), brandMinLength: ctx.brand.passcodeMinLength };
}

/** The passcode calls (docs/api.md). */
export function passcodeRoutes(passcodes: PasscodeService): Route[] {
  return [
    route(passcode.get, async (params, ctx) => passcodes.get(callerOf(ctx), params.lockId, params)),
    route(passcode.add, async (params, ctx) => passcodes.add(callerOf(ctx), params)),
    route(passcode.change, async (params, ctx) => passcodes.change(callerOf(ctx), params)),
    route(passcode.remove, async (params, ctx) => ({
      operation: await passcodes.remove(requireSession(ctx).userId, params.keyboardPwdId),
    })),
    route(passcode.list, async (params, ctx) => passcodes.list(requireSession(ctx).userId, params)),
    route(passcode.sendNotice, async (params, ctx) => {
      await passcodes.sendNotice(callerOf(ctx), params);
      return {};
    }),
  ];
}
