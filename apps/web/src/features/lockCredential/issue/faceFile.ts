import { detectPhotoFormat, PHOTO_MAX_BYTES, validatePhotoFile } from '@smartlock/contract';
import { type Issue, issueOf } from '../../credentials/validity';

/** What the file picker offers: JPG, PNG and BMP files. */
export const FACE_ACCEPT = '.jpg,.jpeg,.png,.bmp,image/jpeg,image/png,image/bmp';

const EXTENSIONS = ['jpg', 'jpeg', 'png', 'bmp'];

/** The file as the browser describes it, before reading it. */
export interface PickedFile {
  name: string;
  size: number;
}

/**
 * What is wrong with a chosen file before anything is read: too large (the 2 MB cap), empty,
 * or not named as a JPG, PNG or BMP. Issue keys are the catalogue's errors.
 */
export function faceFileIssue(file: PickedFile): Issue | undefined {
  if (file.size > PHOTO_MAX_BYTES) {
    return { key: 'errors.photoTooLarge', params: { megabytes: PHOTO_MAX_BYTES / 1024 / 1024 } };
  }
  const extension = file.name.toLowerCase().split('.').at(-1) ?? '';
  if (file.size === 0 || !file.name.includes('.') || !EXTENSIONS.includes(extension)) {
    return { key: 'errors.photoFormat' };
  }
  return undefined;
}

/** What is wrong with the file's content: the contract's check of size and format by its first bytes. */
export function facePhotoIssue(bytes: Uint8Array): Issue | undefined {
  return issueOf(validatePhotoFile(bytes));
}

/** Both checks: the name and size, then the bytes. */
export function checkFaceFile(file: PickedFile, bytes: Uint8Array): Issue | undefined {
  return faceFileIssue(file) ?? facePhotoIssue(bytes);
}

/** The format the bytes are, for the preview's type. */
export function faceMimeType(bytes: Uint8Array): string | undefined {
  const format = detectPhotoFormat(bytes);
  return format === 'jpg' ? 'image/jpeg' : format ? `image/${format}` : undefined;
}
