import { COUNTRIES } from '@smartlock/contract';
import type { Db } from '../../db/client';
import { ApiError } from '../../http/apiError';
import type { UploadedFile } from '../../http/params';
import { avatarUrl, uploadedAvatar } from './avatar';
import { deleteAvatar, putAvatar, type UserRow, updateUser } from './userQueries';

const CALLING_CODES = new Map(COUNTRIES.map((country) => [country.id, country.callingCode]));

/**
 * /user/updateUserInfo: the caller's nickname (trimmed; empty clears it), country (a known
 * country id, which also sets the calling code) and avatar (one image part, or removeAvatar),
 * all in one transaction.
 */
export async function updateUserInfo(
  db: Db,
  userId: number,
  input: { nickname?: string | undefined; countryId?: string | undefined; removeAvatar: boolean },
  files: UploadedFile[],
): Promise<UserRow> {
  const avatar = uploadedAvatar(files);
  if (avatar && input.removeAvatar) throw new ApiError('badParameter', {}, 'avatar and removeAvatar together');
  const changes: Parameters<typeof updateUser>[2] = {};
  if (input.nickname !== undefined) changes.nickname = input.nickname;
  if (input.countryId !== undefined) {
    const callingCode = CALLING_CODES.get(input.countryId);
    if (!callingCode) throw new ApiError('badParameter', {}, 'countryId: not a country of the list');
    changes.countryId = input.countryId;
    changes.countryCode = callingCode;
  }
  if (avatar) changes.headUrl = avatarUrl(userId, avatar.sha256);
  if (input.removeAvatar) changes.headUrl = '';
  return db.transaction(async (tx) => {
    if (avatar) await putAvatar(tx, { userId, ...avatar });
    if (input.removeAvatar) await deleteAvatar(tx, userId);
    return updateUser(tx, userId, changes);
  });
}
