import type { Locale } from '@smartlock/contract';
import { PHOTO_MAX_BYTES } from '@smartlock/contract';
import { ApiError } from '../../http/apiError';
import type { UploadedFile } from '../../http/params';
import { translate } from '../../i18n';
import { checkFacePhoto } from '../face/checkFacePhoto';

/** The part a face photo comes in. */
export const PHOTO_PART = 'photo';

/** The uploaded photo (part `photo`, exactly one), else "bad parameter". */
export function uploadedPhoto(files: UploadedFile[]): Buffer {
  const photos = files.filter((file) => file.field === PHOTO_PART);
  const photo = photos[0];
  if (!photo || photos.length > 1) throw new ApiError('badParameter', {}, 'photo: one photo part');
  return photo.data;
}

/**
 * A face photo by the rules of /face/add: its format, size and the face itself (the face
 * domain's checkFacePhoto). A refusal is its catalogue error, with what the check found as the
 * developer detail; a face that breaks a rule is refused with that rule, translated.
 */
export async function checkedFacePhoto(
  bytes: Buffer,
  locale: Locale,
): Promise<{ width: number; height: number; format: string }> {
  const verdict = await checkFacePhoto(bytes);
  if (verdict.ok) return { width: verdict.width, height: verdict.height, format: verdict.format };
  if (verdict.reason) {
    // Which rule the face broke, in the reader's language.
    const reason = translate(locale, `photo.${verdict.reason}`, { count: verdict.count ?? 0 });
    throw new ApiError('photoRequirement', { reason }, verdict.detail);
  }
  const params: Record<string, number> =
    verdict.error === 'photoTooLarge' ? { megabytes: PHOTO_MAX_BYTES / 1024 / 1024 } : {};
  throw new ApiError(verdict.error, params, verdict.detail);
}
