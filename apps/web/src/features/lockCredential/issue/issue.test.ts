import { ErrorCode, PHOTO_MAX_BYTES } from '@smartlock/contract';
import { describe, expect, it } from 'vitest';
import { checkFaceFile, faceFileIssue, faceMimeType, facePhotoIssue } from './faceFile';
import { collectPercent, type FingerprintResult, fingerprintTally } from './fingerprint';

const JPG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
const BMP = new Uint8Array([0x42, 0x4d, 0, 0, 0, 0]);
const GIF = new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61]);

describe('a face photo, checked before it is sent', () => {
  it('takes JPG, PNG and BMP files up to 2 MB', () => {
    expect(checkFaceFile({ name: 'me.jpg', size: JPG.length }, JPG)).toBeUndefined();
    expect(checkFaceFile({ name: 'ME.JPEG', size: JPG.length }, JPG)).toBeUndefined();
    expect(checkFaceFile({ name: 'me.png', size: PNG.length }, PNG)).toBeUndefined();
    expect(checkFaceFile({ name: 'me.bmp', size: BMP.length }, BMP)).toBeUndefined();
    expect(faceFileIssue({ name: 'me.jpg', size: PHOTO_MAX_BYTES })).toBeUndefined();
  });

  it('refuses a file over 2 MB before reading it, with the limit in the message', () => {
    expect(faceFileIssue({ name: 'big.jpg', size: PHOTO_MAX_BYTES + 1 })).toEqual({
      key: 'errors.photoTooLarge',
      params: { megabytes: 2 },
    });
  });

  it('refuses other names, empty files, and content that is not a JPG, PNG or BMP', () => {
    expect(faceFileIssue({ name: 'me.gif', size: 10 })).toEqual({ key: 'errors.photoFormat' });
    expect(faceFileIssue({ name: 'jpg', size: 10 })).toEqual({ key: 'errors.photoFormat' });
    expect(faceFileIssue({ name: 'me.png', size: 0 })).toEqual({ key: 'errors.photoFormat' });
    expect(checkFaceFile({ name: 'me.jpg', size: GIF.length }, GIF)).toEqual({ key: 'errors.photoFormat' });
    expect(facePhotoIssue(new Uint8Array([1, 2, 3]))).toEqual({ key: 'errors.photoFormat' });
  });

  it('knows the image type from the content for the preview', () => {
    expect(faceMimeType(JPG)).toBe('image/jpeg');
    expect(faceMimeType(PNG)).toBe('image/png');
    expect(faceMimeType(BMP)).toBe('image/bmp');
    expect(faceMimeType(GIF)).toBeUndefined();
  });
});

describe('a fingerprint on its way', () => {
  it('shows the scans done as a percentage', () => {
    expect(collectPercent(0, 3)).toBe(0);
    expect(collectPercent(1, 3)).toBe(33);
    expect(collectPercent(3, 3)).toBe(100);
    expect(collectPercent(5, 3)).toBe(100);
    expect(collectPercent(1, 0)).toBe(0);
  });

  it('counts the locks that took it and those that refused (an empty balance among them)', () => {
    const operation = {
      operationId: 'x',
      lockId: 1,
      name: 'addCredential',
      state: 1,
      errorCode: 0,
      result: null,
      createdAt: 0,
      deadline: 1,
      finishedAt: null,
    } as unknown as NonNullable<FingerprintResult['operation']>;
    const results: FingerprintResult[] = [
      { lockId: 1, errorCode: 0, errorMsg: '', credential: null, operation },
      { lockId: 2, errorCode: ErrorCode.fingerprintBalanceEmpty, errorMsg: 'empty', credential: null, operation: null },
      { lockId: 3, errorCode: ErrorCode.lockNotConnectedToGateway, errorMsg: '', credential: null, operation: null },
    ];
    expect(fingerprintTally(results)).toEqual({ sent: 1, refused: 2 });
    expect(fingerprintTally([])).toEqual({ sent: 0, refused: 0 });
  });
});
