import { detectPhotoFormat, type ErrorName, PHOTO_MAX_BYTES, type PhotoReason } from '@smartlock/contract';
import { detectFaces } from './photoCheck/faceDetector';
import { decodePhoto, downscale, orient } from './photoCheck/image';
import { PhotoDecodeError } from './photoCheck/rgbImage';
import { judgeFaces } from './photoCheck/rules';

/** What a face photo check concludes: the picture's size, or the rule it breaks. */
export type FacePhotoVerdict =
  | { ok: true; width: number; height: number; format: 'jpg' | 'png' | 'bmp' }
  | {
      ok: false;
      error: Extract<ErrorName, 'photoFormat' | 'photoTooLarge' | 'photoRequirement'>;
      detail: string;
      /** For photoRequirement: which rule the face broke, and how many faces there were. */
      reason?: PhotoReason;
      count?: number;
    };

/** Photos are searched for faces at most this many pixels a side (the detector itself looks at 256). */
export const FACE_SEARCH_MAX_SIDE = 640;

/**
 * Checks a face photo: jpg, png or bmp by its bytes, at most PHOTO_MAX_BYTES, exactly one clear
 * frontal face, a plain background. (Face detection and the rules: see ./photoCheck.) Width and
 * height are the upright picture's, after any EXIF rotation.
 */
export async function checkFacePhoto(bytes: Uint8Array): Promise<FacePhotoVerdict> {
  if (bytes.length > PHOTO_MAX_BYTES) return { ok: false, error: 'photoTooLarge', detail: `${bytes.length} bytes` };
  const format = detectPhotoFormat(bytes);
  if (!format) return { ok: false, error: 'photoFormat', detail: 'not jpg, png or bmp' };

  let decoded: ReturnType<typeof decodePhoto>;
  try {
    decoded = decodePhoto(bytes, format);
  } catch (error) {
    if (error instanceof PhotoDecodeError) return { ok: false, error: 'photoFormat', detail: error.message };
    throw error;
  }
  const { image: full, orientation } = decoded;
  const image = orient(downscale(full, FACE_SEARCH_MAX_SIDE), orientation);
  const width = orientation >= 5 ? full.height : full.width;
  const height = orientation >= 5 ? full.width : full.height;

  const ruling = judgeFaces(await detectFaces(image), image, width / image.width);
  if (!ruling.ok) {
    return {
      ok: false,
      error: 'photoRequirement',
      detail: ruling.detail,
      reason: ruling.reason,
      ...(ruling.count !== undefined ? { count: ruling.count } : {}),
    };
  }
  return { ok: true, width, height, format };
}
