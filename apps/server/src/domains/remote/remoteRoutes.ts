import { lock, type RemoteOperationName } from '@smartlock/contract';
import type { Db } from '../../db/client';
import type { CallContext } from '../../http/context';
import { type Route, route } from '../../http/router';
import { requireSession } from '../user/userRoutes';
import { listForRemoteOperation } from './remoteLockList';
import type { RemoteOperationService } from './remoteOperationService';

/** The remote operation calls: unlock, lock, state, clock, car-park barrier, switches. */
export function remoteRoutes(db: Db, operations: RemoteOperationService): Route[] {
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
      operations.start(requireSession(ctx).userId, params.lockId, {
        name: 'updateSetting',
        setting: { type: params.type, value: params.value },
      }),
    ),
    route(lock.getRemoteOperation, async (params, ctx) =>
      operations.get(requireSession(ctx).userId, params.operationId),
    ),
    route(lock.listForRemoteOperation, async (params, ctx) =>
      listForRemoteOperation(db, requireSession(ctx).userId, params),
    ),
  ];
}
