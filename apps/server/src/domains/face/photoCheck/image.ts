import type { PhotoFormat } from '@smartlock/contract';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { decodeBmp } from './bmp';
import { PhotoDecodeError, type RgbImage } from './rgbImage';

/**
 * The most pixels a photo may declare (40 MP, e.g. 8000 × 5000). A 2 MB file can claim far more
 * (a decompression bomb), so this is checked before any pixel memory is allocated.
 */
export const PHOTO_MAX_PIXELS = 40_000_000;

/** A decoded photo and the EXIF orientation (1–8) that turns it upright; see orient. */
export interface DecodedPhoto {
  image: RgbImage;
  orientation: number;
}

/**
 * Decodes a jpg, png or bmp in pure JavaScript, any transparency laid over white. Throws
 * PhotoDecodeError when the bytes are not a picture.
 */
export function decodePhoto(bytes: Uint8Array, format: PhotoFormat): DecodedPhoto {
  try {
    if (format === 'bmp') return { image: decodeBmp(bytes, PHOTO_MAX_PIXELS), orientation: 1 };
    if (format === 'png') return { image: decodePng(bytes), orientation: 1 };
    return decodeJpeg(bytes);
  } catch (error) {
    if (error instanceof PhotoDecodeError) throw error;
    throw new PhotoDecodeError(`${format}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function decodePng(bytes: Uint8Array): RgbImage {
  // IHDR is always the first chunk: width and height at bytes 16 and 20.
  if (bytes.length < 33) throw new PhotoDecodeError('png: truncated header');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  if (width === 0 || height === 0) throw new PhotoDecodeError('png: empty image');
  if (width * height > PHOTO_MAX_PIXELS) throw new PhotoDecodeError(`png: ${width}×${height} is too many pixels`);
  const png = PNG.sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  return fromRgba(png.width, png.height, png.data);
}

function decodeJpeg(bytes: Uint8Array): DecodedPhoto {
  const decoded = jpeg.decode(bytes, {
    useTArray: true,
    formatAsRGBA: true,
    tolerantDecoding: false,
    maxResolutionInMP: PHOTO_MAX_PIXELS / 1_000_000,
    maxMemoryUsageInMB: 512,
  });
  if (decoded.width === 0 || decoded.height === 0) throw new PhotoDecodeError('jpg: empty image');
  return { image: fromRgba(decoded.width, decoded.height, decoded.data), orientation: jpegOrientation(bytes) };
}

/** RGBA (8 bits a channel) to RGB, any transparency composited over white. */
function fromRgba(width: number, height: number, rgba: Uint8Array): RgbImage {
  const data = new Uint8Array(width * height * 3);
  for (let i = 0, o = 0; o < data.length; i += 4, o += 3) {
    const alpha = rgba[i + 3] ?? 255;
    for (let c = 0; c < 3; c++) {
      const value = rgba[i + c] ?? 0;
      data[o + c] = alpha === 255 ? value : Math.round((value * alpha + 255 * (255 - alpha)) / 255);
    }
  }
  return { width, height, data };
}

/** The EXIF orientation (1–8) of a JPEG, 1 when it has none. */
export function jpegOrientation(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let p = 2;
  while (p + 4 <= bytes.length && bytes[p] === 0xff) {
    const marker = bytes[p + 1] ?? 0;
    if (marker === 0xda || marker === 0xd9) break; // start of scan / end of image: no more metadata
    const length = view.getUint16(p + 2);
    const body = p + 4;
    const isExif =
      marker === 0xe1 && body + 14 <= bytes.length && String.fromCharCode(...bytes.subarray(body, body + 4)) === 'Exif';
    if (isExif) return exifOrientation(view, body + 6, Math.min(bytes.length, p + 2 + length));
    p += 2 + length;
  }
  return 1;
}

function exifOrientation(view: DataView, tiff: number, end: number): number {
  if (tiff + 8 > end) return 1;
  const little = view.getUint16(tiff) === 0x4949; // 'II'
  const ifd = tiff + view.getUint32(tiff + 4, little);
  if (ifd + 2 > end) return 1;
  const entries = view.getUint16(ifd, little);
  for (let i = 0; i < entries; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > end) return 1;
    if (view.getUint16(entry, little) === 0x0112) {
      const value = view.getUint16(entry + 8, little);
      return value >= 1 && value <= 8 ? value : 1;
    }
  }
  return 1;
}

/** Turns an image upright according to an EXIF orientation value. */
export function orient(image: RgbImage, orientation: number): RgbImage {
  if (orientation <= 1 || orientation > 8) return image;
  const { width: w, height: h, data } = image;
  const swap = orientation >= 5;
  const outW = swap ? h : w;
  const outH = swap ? w : h;
  const out = new Uint8Array(data.length);
  for (let y = 0; y < outH; y++) {
    for (let x = 0; x < outW; x++) {
      let sx: number;
      let sy: number;
      switch (orientation) {
        case 2: // mirrored
          [sx, sy] = [w - 1 - x, y];
          break;
        case 3: // upside down
          [sx, sy] = [w - 1 - x, h - 1 - y];
          break;
        case 4: // mirrored upside down
          [sx, sy] = [x, h - 1 - y];
          break;
        case 5: // transposed
          [sx, sy] = [y, x];
          break;
        case 6: // needs a quarter turn clockwise
          [sx, sy] = [y, h - 1 - x];
          break;
        case 7: // transversed
          [sx, sy] = [w - 1 - y, h - 1 - x];
          break;
        default: // 8: needs a quarter turn anticlockwise
          [sx, sy] = [w - 1 - y, x];
      }
      const s = (sy * w + sx) * 3;
      const o = (y * outW + x) * 3;
      out[o] = data[s] ?? 0;
      out[o + 1] = data[s + 1] ?? 0;
      out[o + 2] = data[s + 2] ?? 0;
    }
  }
  return { width: outW, height: outH, data: out };
}

/** Shrinks an image (area average) so that its longer side is at most maxSide; smaller ones are kept. */
export function downscale(image: RgbImage, maxSide: number): RgbImage {
  const scale = maxSide / Math.max(image.width, image.height);
  if (scale >= 1) return image;
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const out = new Uint8Array(width * height * 3);
  const fx = image.width / width;
  const fy = image.height / height;
  for (let y = 0; y < height; y++) {
    const y0 = Math.floor(y * fy);
    const y1 = Math.max(y0 + 1, Math.min(image.height, Math.floor((y + 1) * fy)));
    for (let x = 0; x < width; x++) {
      const x0 = Math.floor(x * fx);
      const x1 = Math.max(x0 + 1, Math.min(image.width, Math.floor((x + 1) * fx)));
      let r = 0;
      let g = 0;
      let b = 0;
      for (let sy = y0; sy < y1; sy++) {
        for (let sx = x0; sx < x1; sx++) {
          const s = (sy * image.width + sx) * 3;
          r += image.data[s] ?? 0;
          g += image.data[s + 1] ?? 0;
          b += image.data[s + 2] ?? 0;
        }
      }
      const n = (y1 - y0) * (x1 - x0);
      const o = (y * width + x) * 3;
      out[o] = Math.round(r / n);
      out[o + 1] = Math.round(g / n);
      out[o + 2] = Math.round(b / n);
    }
  }
  return { width, height, data: out };
}
