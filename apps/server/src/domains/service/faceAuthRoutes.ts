import { lockCredential, ServiceType } from '@smartlock/contract';
import { and, eq, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ekeys, locks } from '../../db/schema';
import { ApiError } from '../../http/apiError';
import { requireSession } from '../../http/context';
import { type Route, route } from '../../http/router';
import { ENDED_EKEY_STATUSES } from '../ekey/ekeyStatus';
import { type CredentialManager, credentialManager } from '../lock/credentialAccess';
import { balanceOf } from './serviceBalances';

/** Whether the user holds a key of the lock (any not on its way out): someone to send to the administrator. */
async function holdsKey(db: Db, userId: number, lockId: number): Promise<boolean> {
  const [key] = await db
    .select({ id: ekeys.id })
    .from(ekeys)
    .where(
      and(eq(ekeys.lockId, lockId), eq(ekeys.recipientId, userId), notInArray(ekeys.status, [...ENDED_EKEY_STATUSES])),
    )
    .limit(1);
  return key !== undefined;
}

/**
 * The lock's manager for face identification: the owner or an authorized administrator
 * (`ownerOnly`: the owner alone). A key holder of the lock who may not is told to contact the
 * administrator; anyone else gets "no permission", as for a lock that does not exist.
 */
async function faceAuthManager(db: Db, userId: number, lockId: number, ownerOnly: boolean): Promise<CredentialManager> {
  let manager: CredentialManager | undefined;
  try {
    manager = await credentialManager(db, userId, lockId);
  } catch (error) {
    if (!(error instanceof ApiError) || !(await holdsKey(db, userId, lockId))) throw error;
  }
  if (!manager || (ownerOnly && manager.role !== 'owner')) throw new ApiError('faceAuthContactAdmin');
  return manager;
}

/**
 * Face identification (docs/api.md): the lock owner buys units of the face identify service;
 * each lock says how often its eKey holders identify their face.
 */
export function faceAuthRoutes(db: Db): Route[] {
  return [
    route(lockCredential.getFaceAuthNumBalance, async (params, ctx) => {
      const { lock } = await faceAuthManager(db, requireSession(ctx).userId, params.lockId, false);
      return {
        balance: await balanceOf(db, lock.ownerId, ServiceType.faceIdentify),
        frequency: lock.faceAuthFrequency,
      };
    }),

    route(lockCredential.updateFaceAuthFrequency, async (params, ctx) => {
      const { lock } = await faceAuthManager(db, requireSession(ctx).userId, params.lockId, true);
      await db.update(locks).set({ faceAuthFrequency: params.frequency }).where(eq(locks.id, lock.id));
      return {};
    }),

    route(lockCredential.getFaceAuthInfo, async (_params, ctx) => ({
      balance: await balanceOf(db, requireSession(ctx).userId, ServiceType.faceIdentify),
    })),
  ];
}
