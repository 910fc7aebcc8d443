import { fail, OK, type Verdict } from './result';

/** Face photos: at most 2 MB (the spec leaves the cap to us; see docs/api.md). */
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;

export type PhotoFormat = 'jpg' | 'png' | 'bmp';

/** Recognises the format from the file's first bytes, never from its name. */
export function detectPhotoFormat(bytes: Uint8Array): PhotoFormat | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'png';
  if (bytes.length >= 2 && bytes[0] === 0x42 && bytes[1] === 0x4d) return 'bmp';
  return undefined;
}

/** Format and size; the face itself is checked by the server's detector. */
export function validatePhotoFile(bytes: Uint8Array): Verdict {
  if (bytes.length > PHOTO_MAX_BYTES) return fail('photoTooLarge', { megabytes: PHOTO_MAX_BYTES / 1024 / 1024 });
  return detectPhotoFormat(bytes) ? OK : fail('photoFormat');
}

/** Why the server refused a face photo (message keys `photo.<reason>`). */
export const PHOTO_REASONS = [
  'noFace',
  'manyFaces',
  'faceTooSmall',
  'faceTurned',
  'headTilted',
  'faceUnclear',
  'backgroundNotPlain',
] as const;
export type PhotoReason = (typeof PHOTO_REASONS)[number];
