import { detectPhotoFormat, type ErrorName, PHOTO_MAX_BYTES } from '@smartlock/contract';

/** What a face photo check concludes: the picture's size, or the rule it breaks. */
export type FacePhotoVerdict =
  | { ok: true; width: number; height: number; format: 'jpg' | 'png' | 'bmp' }
  | { ok: false; error: Extract<ErrorName, 'photoFormat' | 'photoTooLarge' | 'photoRequirement'>; detail: string };

/**
 * Checks a face photo: jpg, png or bmp by its bytes, at most PHOTO_MAX_BYTES, exactly one clear
 * frontal face, a plain background. (Face detection: see ./photoCheck.)
 */
export async function checkFacePhoto(bytes: Uint8Array): Promise<FacePhotoVerdict> {
  if (bytes.length > PHOTO_MAX_BYTES) return { ok: false, error: 'photoTooLarge', detail: `${bytes.length} bytes` };
  const format = detectPhotoFormat(bytes);
  if (!format) return { ok: false, error: 'photoFormat', detail: 'not jpg, png or bmp' };
  throw new Error('face detection is not wired in yet');
}
