import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { facePhotos, lockCredentials } from '../../db/schema';

/** A face's stored photo and the lock its credential belongs to. */
export async function facePhotoOf(db: Executor, credentialId: number) {
  const [found] = await db
    .select({ lockId: lockCredentials.lockId, format: facePhotos.format, bytes: facePhotos.bytes })
    .from(facePhotos)
    .innerJoin(lockCredentials, eq(lockCredentials.id, facePhotos.credentialId))
    .where(eq(facePhotos.credentialId, credentialId));
  return found;
}
