// Helpers for the face photo tests: fixtures, and encoders to build variants of them.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import type { RgbImage } from './rgbImage';

export const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');

export function fixture(name: string): Uint8Array {
  return new Uint8Array(readFileSync(join(FIXTURES, name)));
}

/** An image filled by colourAt(x, y) → [r, g, b]. */
export function paint(width: number, height: number, colourAt: (x: number, y: number) => number[]): RgbImage {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) data.set(colourAt(x, y).slice(0, 3), (y * width + x) * 3);
  }
  return { width, height, data };
}

export function pixel(image: RgbImage, x: number, y: number): number[] {
  const i = (y * image.width + x) * 3;
  return [...image.data.subarray(i, i + 3)];
}

/** The image turned a quarter turn either way (what a camera stores when it relies on EXIF orientation). */
export function quarterTurn(image: RgbImage, direction: 'clockwise' | 'anticlockwise'): RgbImage {
  const { width: w, height: h } = image;
  return paint(h, w, (x, y) => (direction === 'clockwise' ? pixel(image, y, h - 1 - x) : pixel(image, w - 1 - y, x)));
}

/** Rotates an image by `degrees` (clockwise) about its centre, filling the corners with `fill`. */
export function rotate(image: RgbImage, degrees: number, fill: number[]): RgbImage {
  const a = (degrees * Math.PI) / 180;
  const [cos, sin] = [Math.cos(a), Math.sin(a)];
  const [cx, cy] = [image.width / 2, image.height / 2];
  return paint(image.width, image.height, (x, y) => {
    const sx = Math.round(cx + cos * (x - cx) + sin * (y - cy));
    const sy = Math.round(cy - sin * (x - cx) + cos * (y - cy));
    return sx < 0 || sy < 0 || sx >= image.width || sy >= image.height ? fill : pixel(image, sx, sy);
  });
}

function rgba(image: RgbImage): Buffer {
  const out = Buffer.alloc(image.width * image.height * 4, 255);
  for (let i = 0, o = 0; i < image.data.length; i += 3, o += 4) out.set(image.data.subarray(i, i + 3), o);
  return out;
}

export function encodePng(image: RgbImage): Uint8Array {
  const png = new PNG({ width: image.width, height: image.height });
  png.data = rgba(image);
  return new Uint8Array(PNG.sync.write(png, { colorType: 2 }));
}

export function encodeJpeg(image: RgbImage, quality = 90): Uint8Array {
  return new Uint8Array(jpeg.encode({ width: image.width, height: image.height, data: rgba(image) }, quality).data);
}

/** Adds an EXIF block holding just an orientation tag right after a JPEG's SOI marker. */
export function withExifOrientation(jpg: Uint8Array, orientation: number, byteOrder: 'II' | 'MM' = 'MM'): Uint8Array {
  const little = byteOrder === 'II';
  const tiff = Buffer.alloc(8 + 2 + 12 + 4);
  tiff.write(byteOrder, 0, 'latin1');
  const u16 = (value: number, at: number) => (little ? tiff.writeUInt16LE(value, at) : tiff.writeUInt16BE(value, at));
  const u32 = (value: number, at: number) => (little ? tiff.writeUInt32LE(value, at) : tiff.writeUInt32BE(value, at));
  u16(42, 2);
  u32(8, 4); // IFD0 right after the header
  u16(1, 8); // one entry
  u16(0x0112, 10); // Orientation
  u16(3, 12); // SHORT
  u32(1, 14); // count
  u16(orientation, 18);
  u32(0, 22); // no next IFD
  const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xffe1, 0);
  segment.writeUInt16BE(body.length + 2, 2);
  return new Uint8Array(Buffer.concat([jpg.subarray(0, 2), segment, body, jpg.subarray(2)]));
}

/** A Windows bitmap of the given depth: 24 or 32 bits (bottom-up unless topDown), or 8 bits with a grey palette. */
export function encodeBmp(image: RgbImage, bits: 8 | 24 | 32 = 24, topDown = false): Uint8Array {
  const stride = Math.ceil((image.width * bits) / 32) * 4;
  const paletteSize = bits === 8 ? 256 * 4 : 0;
  const offset = 54 + paletteSize;
  const bytes = Buffer.alloc(offset + stride * image.height);
  bytes.write('BM', 0, 'latin1');
  bytes.writeUInt32LE(bytes.length, 2);
  bytes.writeUInt32LE(offset, 10);
  bytes.writeUInt32LE(40, 14);
  bytes.writeInt32LE(image.width, 18);
  bytes.writeInt32LE(topDown ? -image.height : image.height, 22);
  bytes.writeUInt16LE(1, 26);
  bytes.writeUInt16LE(bits, 28);
  bytes.writeUInt32LE(stride * image.height, 34);
  if (bits === 8) {
    bytes.writeUInt32LE(256, 46);
    for (let i = 0; i < 256; i++) bytes.set([i, i, i, 0], 54 + i * 4);
  }
  for (let y = 0; y < image.height; y++) {
    const row = offset + (topDown ? y : image.height - 1 - y) * stride;
    for (let x = 0; x < image.width; x++) {
      const [r = 0, g = 0, b = 0] = pixel(image, x, y);
      if (bits === 8) bytes[row + x] = Math.round((r + g + b) / 3);
      else bytes.set([b, g, r], row + x * (bits / 8));
    }
  }
  return new Uint8Array(bytes);
}
