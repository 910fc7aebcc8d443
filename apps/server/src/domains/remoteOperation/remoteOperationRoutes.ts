import { lock, type RemoteOperationName, Switch } from '@smartlock/contract';
import type { CallContext } from '../../http/context';
import { requireSession } from '../../http/context';
import { type Route, route } from '../../http/router';
import type { RemoteOperationService } from './remoteOperationService';
import type { UnlockLinks } from './unlockLinks';

/** The remote operation calls: unlock, lock, state, clock, car-park barrier, switches. */
export function remoteOperationRoutes(operations: RemoteOperationService, links: UnlockLinks): Route[] {
  const start = (name: RemoteOperationName) => async (params: { lockId: number }, ctx: CallContext) =>
    operations.start(requireSession(ctx).userId, params.lockId, { name });
  return [
    route(lock.unlock, start('unlock')),
    route(lock.lockBolt, start('lock')),
    route(lock.queryState, start('queryState')),
    route(lock.queryDate, start('queryDate')),
    route(lock.updateDate, start('updateDate')),
    route(lock.controlParkingLock, async (params, ctx) =>
      operations.start(requireSession(ctx).userId, params.lockId, { name: 'parkingLock', action: params.action }),
    ),
    route(lock.updateSetting, async (params, ctx) =>
      operations.updateSetting(requireSession(ctx).userId, params.lockId, params),
    ),
    route(lock.setAutoLockTime, async (params, ctx) =>
      operations.start(requireSession(ctx).userId, params.lockId, {
        name: 'setAutoLockTime',
        autoLockSeconds: params.seconds,
      }),
    ),
    route(lock.changeTimezoneRawOffset, async (params, ctx) =>
      operations.start(requireSession(ctx).userId, params.lockId, {
        name: 'changeTimezone',
        timezoneRawOffset: params.timezoneRawOffset,
      }),
    ),
    route(lock.configPassageMode, async (params, ctx) =>
      operations.start(requireSession(ctx).userId, params.lockId, {
        name: 'configPassageMode',
        passageMode: { enabled: params.passageMode === Switch.on, periods: params.periods },
      }),
    ),
    route(lock.getRemoteOperation, async (params, ctx) =>
      operations.get(requireSession(ctx).userId, params.operationId),
    ),
    route(lock.listForRemoteOperation, async (params, ctx) => operations.listLocks(requireSession(ctx).userId, params)),
    route(lock.batchUnlock, async (params, ctx) =>
      operations.batchUnlock(requireSession(ctx).userId, params.lockIdList, ctx.locale),
    ),
    route(lock.createUnlockLink, async (params, ctx) =>
      links.create(requireSession(ctx).userId, params.lockId, params.validMinutes),
    ),
    route(lock.unlockByLink, async (params) => links.open(params.token)),
  ];
}
