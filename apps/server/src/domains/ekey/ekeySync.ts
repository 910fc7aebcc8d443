import { EKeyStatus, type HeldKey } from '@smartlock/contract';
import { and, eq, inArray, isNull, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ekeys, locks, users } from '../../db/schema';
import { ApiError } from '../../http/apiError';
import { asksFaceIdentification, identificationPending, lastIdentifications } from './ekeyFaceAuth';
import { credentialOf } from './ekeyGrant';
import { markOverdue } from './ekeyQueries';
import { GONE_EKEY_STATUSES, SYNC_TRANSITIONS } from './ekeyStatus';

/**
 * The holder's app connecting (/ekey/sync): keys sent to the account before it registered are
 * claimed, pending changes take effect, ended keys become overdue, and each key comes back with
 * a signed credential while it is normal, issued afresh on every sync: it ends at the key's end or
 * the lock's maximum credential age from now, whichever first, so the app renews it by syncing.
 * The lock checks the credential's validity and age on its own.
 */
export async function syncHeldKeys(db: Db, userId: number): Promise<HeldKey[]> {
  const [me] = await db.select().from(users).where(eq(users.id, userId));
  if (!me) throw new ApiError('loginExpired');
  const username = me.email ?? me.mobile ?? '';
  const accounts = [me.email, me.mobile].filter((v): v is string => Boolean(v));
  await db.transaction(async (tx) => {
    if (accounts.length > 0) {
      // Keys sent before the account existed become its own; a waiting one becomes normal.
      await tx
        .update(ekeys)
        .set({ recipientId: userId, updatedAt: new Date() })
        .where(
          and(
            isNull(ekeys.recipientId),
            inArray(ekeys.recipientAccount, accounts),
            notInArray(ekeys.status, [...GONE_EKEY_STATUSES]),
          ),
        );
      await tx
        .update(ekeys)
        .set({ status: EKeyStatus.normal })
        .where(and(eq(ekeys.recipientId, userId), eq(ekeys.status, EKeyStatus.waitingAccept)));
    }
    for (const [from, to] of Object.entries(SYNC_TRANSITIONS)) {
      await tx
        .update(ekeys)
        .set({ status: to, updatedAt: new Date() })
        .where(and(eq(ekeys.recipientId, userId), eq(ekeys.status, from)));
    }
    await markOverdue(tx, { recipientId: userId });
  });
  const rows = await db
    .select({ key: ekeys, lock: locks, sender: users })
    .from(ekeys)
    .innerJoin(locks, eq(locks.id, ekeys.lockId))
    .leftJoin(users, eq(users.id, ekeys.senderId))
    .where(and(eq(ekeys.recipientId, userId), notInArray(ekeys.status, [...GONE_EKEY_STATUSES])))
    .orderBy(locks.name, ekeys.id);
  const identified = await lastIdentifications(
    db,
    rows.filter((r) => asksFaceIdentification(r.lock)).map((r) => r.key.id),
  );
  return Promise.all(
    rows.map(async ({ key, lock, sender }) => {
      const issued = key.status === EKeyStatus.normal ? await credentialOf(key, lock, username) : null;
      return {
        keyId: key.id,
        lockId: lock.id,
        lockName: lock.name,
        lockMac: lock.mac,
        senderUsername: sender?.email ?? sender?.mobile ?? '',
        keyName: key.keyName,
        validityType: key.validityType,
        startDate: key.startDate?.getTime() ?? null,
        endDate: key.endDate?.getTime() ?? null,
        cycle: key.cycle ?? null,
        keyStatus: key.status,
        remoteEnable: key.remoteEnable === 1,
        keyRight: key.keyRight,
        credential: issued?.credential ?? null,
        credentialNotAfter: issued?.notAfter ?? null,
        faceAuthRequired: identificationPending(lock, identified.get(key.id) ?? null),
      };
    }),
  );
}
