import {
  faceIdentificationDue,
  faceIdentificationDueFrom,
  type Locale,
  LockSwitch,
  ServiceType,
  Switch,
} from '@smartlock/contract';
import type { Db, Executor } from '../../db/client';
import { ApiError } from '../../http/apiError';
import type { UploadedFile } from '../../http/params';
import type { LockRow } from '../lock/lockQueries';
import { checkedFacePhoto, uploadedPhoto } from '../lockCredential/facePhotoUpload';
import { consumeUnit } from '../service/serviceQueries';
import { keyAdmits } from './ekeyGrant';
import { type EKeyRow, heldKeyInForce, lastIdentifications, recordFaceIdentification } from './ekeyQueries';

/** Whether a lock asks its eKey holders to identify their face (its face identify switch on). */
export function asksFaceIdentification(lock: Pick<LockRow, 'switches'>): boolean {
  return lock.switches?.[LockSwitch.faceIdentify] === Switch.on;
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
    const row = await heldKeyInForce(this.db, userId, keyId);
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
      await recordFaceIdentification(tx, {
        keyId: key.id,
        lockId: lock.id,
        userId,
        payerId: lock.ownerId,
        createdAt: new Date(now),
      });
    });
    return { identified: true, dueAgainAt: dueAgain(now) };
  }
}
