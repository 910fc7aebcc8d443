import { ERRORS, ekey, errorMessageKey } from '@smartlock/contract';
import { ApiError } from '../../http/apiError';
import type { CallContext } from '../../http/context';
import { requireSession } from '../../http/context';
import { type Route, route } from '../../http/router';
import { translate } from '../../i18n';
import { noticeCallerOf } from '../notice/noticeWriter';
import type { Caller, EKeyService } from './ekeyService';

export function callerOf(ctx: CallContext): Caller {
  return noticeCallerOf(ctx);
}

/** The eKey calls (docs/api.md): sending, listing, freezing, validity, deletion, and the holder's sync. */
export function ekeyRoutes(keys: EKeyService): Route[] {
  return [
    route(ekey.send, async (params, ctx) => keys.send(callerOf(ctx), params)),

    route(ekey.sendBatch, async (params, ctx) => {
      const caller = callerOf(ctx);
      if (params.lockIds.length * params.receivers.length > 200)
        throw new ApiError('badParameter', {}, 'at most 200 pairs');
      await keys.requireBatchPermission(caller.userId, params.lockIds, params.keyRight);
      const results = [];
      for (const lockId of params.lockIds) {
        for (const receiver of params.receivers) {
          try {
            const sent = await keys.send(caller, { ...params, ...receiver, lockId });
            results.push({
              lockId,
              receiverUsername: receiver.receiverUsername,
              keyId: sent.keyId,
              errorCode: 0,
              errorMsg: '',
            });
          } catch (error) {
            if (!(error instanceof ApiError)) throw error;
            results.push({
              lockId,
              receiverUsername: receiver.receiverUsername,
              keyId: null,
              errorCode: ERRORS[error.errorName].code,
              errorMsg: translate(ctx.locale, errorMessageKey(error.errorName), error.params),
            });
          }
        }
      }
      return { results };
    }),

    route(ekey.list, async (params, ctx) => keys.listOfLock(requireSession(ctx).userId, params.lockId, params)),

    route(ekey.freeze, async (params, ctx) => {
      await keys.freeze(requireSession(ctx).userId, params.keyId);
      return {};
    }),
    route(ekey.unfreeze, async (params, ctx) => {
      await keys.unfreeze(requireSession(ctx).userId, params.keyId);
      return {};
    }),
    route(ekey.freezeAll, async (params, ctx) => ({
      count: await keys.freezeAllSent(requireSession(ctx).userId, params.lockId, true),
    })),
    route(ekey.unfreezeAll, async (params, ctx) => ({
      count: await keys.freezeAllSent(requireSession(ctx).userId, params.lockId, false),
    })),
    route(ekey.changePeriod, async (params, ctx) => {
      await keys.changePeriod(requireSession(ctx).userId, params.keyId, params);
      return {};
    }),
    route(ekey.update, async (params, ctx) => {
      await keys.update(requireSession(ctx).userId, params.keyId, params);
      return {};
    }),
    route(ekey.remove, async (params, ctx) => {
      await keys.remove(requireSession(ctx).userId, params.keyId);
      return {};
    }),
    route(ekey.deleteAll, async (params, ctx) => ({
      count: await keys.endAll(requireSession(ctx).userId, params.lockId, 'delete'),
    })),
    route(ekey.reset, async (params, ctx) => ({
      count: await keys.endAll(requireSession(ctx).userId, params.lockId, 'reset'),
    })),
    route(ekey.sendNotice, async (params, ctx) => {
      await keys.sendNotice(callerOf(ctx), params.keyId, params.channel, params.templateId);
      return {};
    }),
    route(ekey.sync, async (_params, ctx) => keys.heldKeys(requireSession(ctx).userId)),

    route(ekey.faceAuth, async (params, ctx) =>
      keys.identifyFace(requireSession(ctx).userId, params.keyId, ctx.files, ctx.locale),
    ),
  ];
}
