import {
  faceIdentificationDue,
  faceIdentificationDueFrom,
  type Locale,
  LockSwitch,
  ServiceType,
  Switch,
} from '@smartlock/contract';
import { and, eq, inArray, max } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { ekeys, faceIdentifications, locks } from '../../db/schema';
import { ApiError } from '../../http/apiError';
import type { UploadedFile } from '../../http/params';
import type { LockRow } from '../lock/lockQueries';
import { checkedFacePhoto, uploadedPhoto } from '../lockCredential/facePhotoUpload';
import { consumeUnit } from '../service/serviceQueries';
import { type EKeyRow, keyAdmits } from './ekeyGrant';
import { IN_FORCE_EKEY_STATUSES } from './ekeyStatus';

/** Whether a lock asks its eKey holders to identify their face (its face identify switch on). */
export function asksFaceIdentification(lock: Pick<LockRow, 'switches'>): boolean {
  return lock.switches?.[LockSwitch.faceIdentify] === Switch.on;
}

/** The last identification of each key (ms), for keys that had one. */
export async function lastIdentifications(db: Executor, keyIds: number[]): Promise<Map<number, number>> {
  if (keyIds.length === 0) return new Map();
  const rows = await db
    .select({ keyId: faceIdentifications.keyId, at: max(faceIdentifications.createdAt) })
    .from(faceIdentifications)
    .where(inArray(faceIdentifications.keyId, keyIds))
    .groupBy(faceIdentifications.keyId);
  return new Map(rows.map((row) => [row.keyId, row.at ? new Date(row.at).getTime() : 0]));
}

/** Whether the holder must identify their face before using the key now. */
export function identificationPending(lock: LockRow, lastAt: number | null, now = Date.now()): boolean {
  return (
    asksFaceIdentification(lock) && faceIdentificationDue(lock.faceAuthFrequency, lastAt, now, lock.timezoneRawOffset)
  );
}

/** The same for one key, read from the database. */
export async function keyIdentificationPending(db: Executor, key: EKeyRow, lock: LockRow): Promise<boolean> {
  if (!asksFaceIdentification(lock)) return false;
  return identificationPending(lock, (await lastIdentifications(db, [key.id])).get(key.id) ?? null);
}

/**
 * An eKey holder's face identification (/ekey/faceAuth, docs/payments.md): on a lock that asks
 * for it, when the lock's frequency says one is due, a photo of one clear frontal face (checked
 * as a face credential's is) is taken, and one unit of the lock owner's face identification
 * balance is used, in the transaction that records it.
 */
export class FaceIdentification {
  constructor(private readonly db: Db) {}

  async identify(
    userId: number,
    keyId: number,
    files: UploadedFile[],
    locale: Locale,
  ): Promise<{ identified: boolean; dueAgainAt: number | null }> {
    const [row] = await this.db
      .select({ key: ekeys, lock: locks })
      .from(ekeys)
      .innerJoin(locks, eq(locks.id, ekeys.lockId))
      .where(
        and(eq(ekeys.id, keyId), eq(ekeys.recipientId, userId), inArray(ekeys.status, [...IN_FORCE_EKEY_STATUSES])),
      );
    if (!row || !keyAdmits(row.key, row.lock)) throw new ApiError('noPermission', {}, 'no key of the caller in force');
    const { key, lock } = row;
    const last = (await lastIdentifications(this.db, [key.id])).get(key.id) ?? null;
    const dueAgain = (lastAt: number | null) =>
      asksFaceIdentification(lock)
        ? faceIdentificationDueFrom(lock.faceAuthFrequency, lastAt, lock.timezoneRawOffset)
        : null;
    if (!identificationPending(lock, last)) return { identified: false, dueAgainAt: dueAgain(last) };
    await checkedFacePhoto(uploadedPhoto(files), locale);
    const now = Date.now();
    await this.db.transaction(async (tx) => {
      if (!(await consumeUnit(tx, lock.ownerId, ServiceType.faceIdentify))) {
        throw new ApiError('faceIdentifyBalanceEmpty');
      }
      await tx
        .insert(faceIdentifications)
        .values({ keyId: key.id, lockId: lock.id, userId, payerId: lock.ownerId, createdAt: new Date(now) });
    });
    return { identified: true, dueAgainAt: dueAgain(now) };
  }
}
