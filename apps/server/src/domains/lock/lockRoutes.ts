import { lock, validateEKeyCredentialMaxAge } from '@smartlock/contract';
import { and, asc, count, eq, ilike, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orConflict } from '../../db/conflict';
import { locks } from '../../db/schema';
import { ApiError, assertVerdict } from '../../http/apiError';
import { requireSession } from '../../http/context';
import { containsPattern, offsetOf, pageOf } from '../../http/paging';
import { type Route, route } from '../../http/router';
import { randomToken } from '../../security/crypto';
import type { AccountService } from '../user/accountService';
import { confirmTransfer } from '../user/transferConfirmation';
import type { ValidationCodeService } from '../verification/validationCodeService';
import { deviceIdentity, validatedName } from './deviceIdentity';
import { managedLock, ownedLock } from './lockAccess';
import { listLocks, lockDetail } from './lockQueries';
import { transferLocks } from './lockTransfer';

export interface LockDeps {
  db: Db;
  accounts: AccountService;
  codes: ValidationCodeService;
}

/** Lock calls: registration, the list, the detail, renaming, eKey credential age, passage mode read, transfer. */
export function lockRoutes({ db, accounts, codes }: LockDeps): Route[] {
  return [
    route(lock.initialize, async (params, ctx) => {
      const owner = requireSession(ctx).userId;
      const { mac, name } = deviceIdentity('lock', params.lockMac, params.lockName);
      const lockSecret = randomToken(32);
      return orConflict(async () => {
        const [created] = await db
          .insert(locks)
          .values({
            ownerId: owner,
            mac,
            lockNumber: params.lockNumber,
            name,
            firmware: params.firmware,
            featureValue: params.featureValue.toUpperCase(),
            passcodeVersion: params.passcodeVersion,
            lockSecret,
            timezoneRawOffset: params.timezoneRawOffset ?? 0,
            battery: params.battery ?? 100,
            autoLockSeconds: params.autoLockTime ?? 0,
          })
          .returning({ id: locks.id });
        if (!created) throw new Error('lock insert returned nothing');
        return { lockId: created.id, lockSecret };
      }, 'lockAlreadyAdded');
    }),

    route(lock.list, async (params, ctx) => listLocks(db, requireSession(ctx).userId, params)),

    route(lock.detail, async (params, ctx) => {
      const userId = requireSession(ctx).userId;
      return lockDetail(db, userId, (await managedLock(db, userId, params.lockId)).lock);
    }),

    route(lock.rename, async (params, ctx) => {
      const userId = requireSession(ctx).userId;
      await managedLock(db, userId, params.lockId);
      await db
        .update(locks)
        .set({ name: validatedName('lock', params.lockName) })
        .where(eq(locks.id, params.lockId));
      return {};
    }),

    // The owner's alone; the cloud's own setting (how it issues eKey credentials), saved at once.
    route(lock.setEKeyCredentialMaxAge, async (params, ctx) => {
      const owned = await ownedLock(db, requireSession(ctx).userId, params.lockId);
      assertVerdict(validateEKeyCredentialMaxAge(params.days), 'days');
      await db.update(locks).set({ eKeyCredentialMaxAgeDays: params.days }).where(eq(locks.id, owned.id));
      return {};
    }),

    route(lock.getPassageModeConfig, async (params, ctx) => {
      const { lock: found } = await managedLock(db, requireSession(ctx).userId, params.lockId);
      return found.passageMode;
    }),

    route(lock.listForTransfer, async (params, ctx) => {
      const owner = requireSession(ctx).userId;
      const where = and(
        eq(locks.ownerId, owner),
        params.lockName ? ilike(locks.name, containsPattern(params.lockName)) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({ lockId: locks.id, lockName: locks.name, lockMac: locks.mac })
          .from(locks)
          .where(where)
          .orderBy(asc(locks.name), asc(locks.id))
          .limit(params.pageSize)
          .offset(offsetOf(params.pageNo, params.pageSize)),
        db.select({ n: count() }).from(locks).where(where),
      ]);
      return pageOf(rows, total?.n ?? 0, params.pageNo, params.pageSize);
    }),

    route(lock.transfer, async (params, ctx) => {
      const owner = requireSession(ctx).userId;
      const mine = await db
        .select({ id: locks.id })
        .from(locks)
        .where(and(inArray(locks.id, params.lockIdList), eq(locks.ownerId, owner)));
      if (mine.length !== params.lockIdList.length) throw new ApiError('noPermission', {}, 'lockIdList');
      const { receiver, codeId } = await confirmTransfer({ db, accounts, codes }, owner, params);
      await db.transaction(async (tx) => {
        await codes.consume(tx, codeId);
        await transferLocks(tx, params.lockIdList, owner, receiver.id);
      });
      return {};
    }),
  ];
}
