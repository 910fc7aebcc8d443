import { EKeyStatus, type HeldKey } from '@smartlock/contract';
import type { Db } from '../../db/client';
import { ApiError } from '../../http/apiError';
import { findUserById } from '../user/userQueries';
import { asksFaceIdentification, identificationPending } from './ekeyFaceAuth';
import { credentialOf } from './ekeyGrant';
import { claimKeysSentTo, keysHeldBy, lastIdentifications, markOverdue, moveHeldKeys } from './ekeyQueries';
import { SYNC_TRANSITIONS } from './ekeyStatus';

/**
 * The holder's app connecting (/ekey/sync): keys sent to the account before it registered are
 * claimed, pending changes take effect, ended keys become overdue, and each key comes back with
 * a signed credential while it is normal, issued afresh on every sync: it ends at the key's end or
 * the lock's maximum credential age from now, whichever first, so the app renews it by syncing.
 * The lock checks the credential's validity and age on its own.
 */
export async function syncHeldKeys(db: Db, userId: number): Promise<HeldKey[]> {
  const me = await findUserById(db, userId);
  if (!me) throw new ApiError('loginExpired');
  const username = me.email ?? me.mobile ?? '';
  const accounts = [me.email, me.mobile].filter((v): v is string => Boolean(v));
  await db.transaction(async (tx) => {
    // Keys sent before the account existed become its own; a waiting one becomes normal.
    if (accounts.length > 0) await claimKeysSentTo(tx, userId, accounts);
    for (const [from, to] of Object.entries(SYNC_TRANSITIONS)) await moveHeldKeys(tx, userId, from, to);
    await markOverdue(tx, { recipientId: userId });
  });
  const rows = await keysHeldBy(db, userId);
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
