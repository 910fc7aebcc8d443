import { describe, expect, it } from 'vitest';
import { detectPhotoFormat, PHOTO_MAX_BYTES, validatePhotoFile } from './photo';

const jpg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]);
const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]);
const bmp = Uint8Array.from([0x42, 0x4d, 0, 0]);
const gif = new TextEncoder().encode('GIF89a....');

describe('photo file', () => {
  it('recognises jpg, png and bmp by content', () => {
    expect(detectPhotoFormat(jpg)).toBe('jpg');
    expect(detectPhotoFormat(png)).toBe('png');
    expect(detectPhotoFormat(bmp)).toBe('bmp');
    expect(validatePhotoFile(png).ok).toBe(true);
  });
  it('refuses other formats', () => {
    expect(validatePhotoFile(gif)).toMatchObject({ error: 'photoFormat' });
    expect(validatePhotoFile(new Uint8Array())).toMatchObject({ error: 'photoFormat' });
  });
  it('refuses files over the cap', () => {
    const big = new Uint8Array(PHOTO_MAX_BYTES + 1);
    big.set(jpg);
    expect(validatePhotoFile(big)).toMatchObject({ error: 'photoTooLarge', params: { megabytes: 2 } });
    expect(validatePhotoFile(big.subarray(0, PHOTO_MAX_BYTES)).ok).toBe(true);
  });
});
