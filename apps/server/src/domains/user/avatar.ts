import { createHash } from 'node:crypto';
import { user } from '@smartlock/contract';
import { ApiError } from '../../http/apiError';
import type { UploadedFile } from '../../http/params';

const { AVATAR_MAX_BYTES } = user;

/** The multipart part an avatar comes in. */
export const AVATAR_PART = 'avatar';

/** Where the console loads an avatar: `${AVATAR_PATH}/<uid>?v=<version>`. */
export const AVATAR_PATH = '/api/user/avatar';

export type AvatarType = 'image/jpeg' | 'image/png' | 'image/webp';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The image type by the file's first bytes, never by its name or claimed type. */
export function detectAvatarType(bytes: Uint8Array): AvatarType | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && PNG.every((b, i) => bytes[i] === b)) return 'image/png';
  if (
    bytes.length >= 12 &&
    Buffer.from(bytes.subarray(0, 4)).toString('latin1') === 'RIFF' &&
    Buffer.from(bytes.subarray(8, 12)).toString('latin1') === 'WEBP'
  ) {
    return 'image/webp';
  }
  return undefined;
}

/** The version an avatar's address carries: the first 12 hex digits of its SHA-256. */
export function avatarVersion(sha256: string): string {
  return sha256.slice(0, 12);
}

/** The address of a user's avatar (what headUrl holds). */
export function avatarUrl(userId: number, sha256: string): string {
  return `${AVATAR_PATH}/${userId}?v=${avatarVersion(sha256)}`;
}

export interface CheckedAvatar {
  contentType: AvatarType;
  bytes: Buffer;
  sha256: string;
}

/**
 * The avatar of an upload: none, or exactly one part "avatar" (any other file part is refused),
 * a JPEG, PNG or WebP image by its bytes, at most AVATAR_MAX_BYTES.
 */
export function uploadedAvatar(files: UploadedFile[]): CheckedAvatar | undefined {
  const stray = files.find((file) => file.field !== AVATAR_PART);
  if (stray) throw new ApiError('badParameter', {}, `unexpected file part "${stray.field}"`);
  if (files.length === 0) return undefined;
  if (files.length > 1) throw new ApiError('badParameter', {}, 'avatar: one image part');
  const bytes = (files[0] as UploadedFile).data;
  if (bytes.length > AVATAR_MAX_BYTES) {
    throw new ApiError('photoTooLarge', { megabytes: AVATAR_MAX_BYTES / 1_048_576 }, `${bytes.length} bytes`);
  }
  const contentType = detectAvatarType(bytes);
  if (!contentType) throw new ApiError('photoFormat', {}, 'avatar: a JPEG, PNG or WebP image');
  return { contentType, bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
}
