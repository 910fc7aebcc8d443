import { lock } from '@smartlock/contract';
import { requireSession } from '../../http/context';
import { type Route, route } from '../../http/router';
import type { LockService } from './lockService';

/** Lock calls: registration, the list, the detail, renaming, eKey credential age, passage mode read, transfer. */
export function lockRoutes(locks: LockService): Route[] {
  return [
    route(lock.initialize, async (params, ctx) => locks.initialize(requireSession(ctx).userId, params)),

    route(lock.list, async (params, ctx) => locks.list(requireSession(ctx).userId, params)),

    route(lock.detail, async (params, ctx) => locks.detail(requireSession(ctx).userId, params.lockId)),

    route(lock.rename, async (params, ctx) => {
      await locks.rename(requireSession(ctx).userId, params.lockId, params.lockName);
      return {};
    }),

    route(lock.setEKeyCredentialMaxAge, async (params, ctx) => {
      await locks.setEKeyCredentialMaxAge(requireSession(ctx).userId, params.lockId, params.days);
      return {};
    }),

    route(lock.getPassageModeConfig, async (params, ctx) =>
      locks.passageModeConfig(requireSession(ctx).userId, params.lockId),
    ),

    route(lock.listForTransfer, async (params, ctx) => locks.listForTransfer(requireSession(ctx).userId, params)),

    route(lock.transfer, async (params, ctx) => {
      await locks.transfer(requireSession(ctx).userId, params.lockIdList, params);
      return {};
    }),
  ];
}
