import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { decodeBmp } from './bmp';
import { decodePhoto, downscale, jpegOrientation, orient, PHOTO_MAX_PIXELS } from './image';
import { PhotoDecodeError } from './rgbImage';
import {
  encodeBmp,
  encodeJpeg,
  encodePng,
  fixture,
  paint,
  pixel,
  quarterTurn,
  withExifOrientation,
} from './testImages';

/** 3 × 2 pixels, each with its own colour: [x * 80, y * 200, 50]. */
const tiny = paint(3, 2, (x, y) => [x * 80, y * 200, 50]);

describe('decodeBmp', () => {
  it.each([
    ['24 bits, bottom-up', 24, false],
    ['24 bits, top-down', 24, true],
    ['32 bits', 32, false],
  ] as const)('reads %s', (_name, bits, topDown) => {
    expect(decodeBmp(encodeBmp(tiny, bits, topDown), PHOTO_MAX_PIXELS)).toEqual(tiny);
  });

  it('reads 8 bits through the palette', () => {
    const grey = paint(5, 3, (x, y) => [x * 50 + y, x * 50 + y, x * 50 + y]);
    expect(decodeBmp(encodeBmp(grey, 8), PHOTO_MAX_PIXELS)).toEqual(grey);
  });

  it('reads 16-bit 5-5-5 pixels', () => {
    const bytes = encodeBmp(
      paint(2, 1, () => [0, 0, 0]),
      32,
    );
    const view = new DataView(bytes.buffer);
    view.setUint16(28, 16, true);
    view.setUint16(54, 0x7c00, true); // pure red
    view.setUint16(56, 0x001f, true); // pure blue
    expect(decodeBmp(bytes, PHOTO_MAX_PIXELS).data).toEqual(new Uint8Array([255, 0, 0, 0, 0, 255]));
  });

  it('matches the png of the same portrait', () => {
    expect(decodePhoto(fixture('portrait.bmp'), 'bmp').image).toEqual(
      decodePhoto(fixture('portrait.png'), 'png').image,
    );
  });

  it.each([
    ['a truncated header', (b: Uint8Array) => b.subarray(0, 30)],
    ['missing pixels', (b: Uint8Array) => b.subarray(0, b.length - 10)],
    [
      'RLE compression',
      (b: Uint8Array) => {
        new DataView(b.buffer).setUint32(30, 1, true);
        return b;
      },
    ],
    [
      'a zero width',
      (b: Uint8Array) => {
        new DataView(b.buffer).setInt32(18, 0, true);
        return b;
      },
    ],
  ])('refuses %s', (_name, spoil) => {
    expect(() => decodeBmp(spoil(encodeBmp(tiny)), PHOTO_MAX_PIXELS)).toThrow(PhotoDecodeError);
  });

  it('refuses more pixels than allowed before reading them', () => {
    expect(() => decodeBmp(encodeBmp(tiny), 5)).toThrow(/too many pixels/);
  });
});

describe('decodePhoto', () => {
  it('reads a png and a jpg', () => {
    expect(decodePhoto(encodePng(tiny), 'png')).toEqual({ image: tiny, orientation: 1 });
    const big = paint(40, 30, () => [200, 100, 50]);
    const { image } = decodePhoto(encodeJpeg(big, 95), 'jpg');
    expect([image.width, image.height]).toEqual([40, 30]);
    expect(pixel(image, 20, 15).every((v, c) => Math.abs(v - ([200, 100, 50][c] ?? 0)) <= 3)).toBe(true);
  });

  it('lays a transparent png over white', () => {
    const png = new PNG({ width: 1, height: 1 });
    png.data = Buffer.from([0, 0, 0, 0]);
    expect(decodePhoto(new Uint8Array(PNG.sync.write(png)), 'png').image.data).toEqual(new Uint8Array([255, 255, 255]));
  });

  it('refuses a png that declares too many pixels, before decoding it', () => {
    const bytes = encodePng(tiny);
    new DataView(bytes.buffer).setUint32(16, 100_000);
    new DataView(bytes.buffer).setUint32(20, 100_000);
    expect(() => decodePhoto(bytes, 'png')).toThrow(/too many pixels/);
  });

  it('wraps any decoder failure in PhotoDecodeError', () => {
    expect(() => decodePhoto(fixture('portrait.png').subarray(0, 100), 'png')).toThrow(PhotoDecodeError);
    expect(() => decodePhoto(fixture('portrait.jpg').subarray(0, 300), 'jpg')).toThrow(PhotoDecodeError);
  });

  it('reports the EXIF orientation of a jpg, either byte order', () => {
    const jpg = encodeJpeg(tiny);
    expect(jpegOrientation(jpg)).toBe(1);
    expect(decodePhoto(withExifOrientation(jpg, 6), 'jpg').orientation).toBe(6);
    expect(jpegOrientation(withExifOrientation(jpg, 8, 'II'))).toBe(8);
    expect(jpegOrientation(withExifOrientation(jpg, 42))).toBe(1);
  });
});

describe('orient', () => {
  const mirror = (image: typeof tiny) =>
    paint(image.width, image.height, (x, y) => pixel(image, image.width - 1 - x, y));
  const flip = (image: typeof tiny) =>
    paint(image.width, image.height, (x, y) => pixel(image, x, image.height - 1 - y));

  // What a camera stores for each orientation, given the upright picture.
  it.each([
    [1, (u: typeof tiny) => u],
    [2, mirror],
    [3, (u: typeof tiny) => mirror(flip(u))],
    [4, flip],
    [5, (u: typeof tiny) => quarterTurn(mirror(u), 'anticlockwise')],
    [6, (u: typeof tiny) => quarterTurn(u, 'anticlockwise')],
    [7, (u: typeof tiny) => quarterTurn(mirror(u), 'clockwise')],
    [8, (u: typeof tiny) => quarterTurn(u, 'clockwise')],
  ])('turns orientation %i upright', (orientation, stored) => {
    expect(orient(stored(tiny), orientation)).toEqual(tiny);
  });
});

describe('downscale', () => {
  it('keeps small images and averages large ones down to the longest side', () => {
    expect(downscale(tiny, 640)).toBe(tiny);
    const checker = paint(1280, 960, (x, y) => ((x + y) % 2 ? [255, 255, 255] : [0, 0, 0]));
    const small = downscale(checker, 640);
    expect([small.width, small.height]).toEqual([640, 480]);
    expect(pixel(small, 100, 100)).toEqual([128, 128, 128]);
  });
});
