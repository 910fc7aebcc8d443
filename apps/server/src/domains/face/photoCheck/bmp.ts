import { PhotoDecodeError, type RgbImage } from './rgbImage';

/**
 * A small Windows bitmap decoder: BITMAPINFOHEADER (or a later, longer header), 1, 4 or 8 bits
 * with a palette, 16 bits (5-5-5 or bit fields), 24 and 32 bits (plain or bit fields), stored
 * bottom-up or top-down. Compressed bitmaps (RLE, embedded JPEG/PNG) and the old OS/2 header are
 * refused: a face photo is saved plain by every tool that writes bitmaps.
 */
export function decodeBmp(bytes: Uint8Array, maxPixels: number): RgbImage {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const fail = (why: string): never => {
    throw new PhotoDecodeError(`bmp: ${why}`);
  };
  if (bytes.length < 54 || bytes[0] !== 0x42 || bytes[1] !== 0x4d) fail('truncated header');
  const pixelOffset = view.getUint32(10, true);
  const headerSize = view.getUint32(14, true);
  if (headerSize < 40 || 14 + headerSize > bytes.length) fail(`unsupported header (${headerSize} bytes)`);
  const width = view.getInt32(18, true);
  const rawHeight = view.getInt32(22, true);
  const bitCount = view.getUint16(28, true);
  const compression = view.getUint32(30, true);
  const topDown = rawHeight < 0;
  const height = Math.abs(rawHeight);
  if (width <= 0 || height <= 0) fail('empty image');
  if (width * height > maxPixels) fail(`${width}×${height} is too many pixels`);

  const BI_RGB = 0;
  const BI_BITFIELDS = 3;
  const BI_ALPHABITFIELDS = 6;
  let masks: [number, number, number] | undefined;
  if (compression === BI_BITFIELDS || compression === BI_ALPHABITFIELDS) {
    if (bitCount !== 16 && bitCount !== 32) fail('bit fields need 16 or 32 bits a pixel');
    // The masks follow a 40-byte header, or sit inside the longer V4/V5 headers at the same place.
    if (14 + 40 + 12 > bytes.length) fail('truncated bit fields');
    masks = [view.getUint32(54, true), view.getUint32(58, true), view.getUint32(62, true)];
  } else if (compression !== BI_RGB) {
    fail(`compression ${compression} is not supported`);
  }
  if (![1, 4, 8, 16, 24, 32].includes(bitCount)) fail(`${bitCount} bits a pixel is not supported`);

  let palette: Uint8Array | undefined;
  if (bitCount <= 8) {
    const used = view.getUint32(46, true) || 1 << bitCount;
    const start = 14 + headerSize + (compression === BI_BITFIELDS ? 12 : 0);
    if (used > 1 << bitCount || start + used * 4 > bytes.length) fail('bad palette');
    palette = bytes.subarray(start, start + used * 4); // B, G, R, reserved
  }
  if (bitCount === 16 && !masks) masks = [0x7c00, 0x03e0, 0x001f];

  const stride = Math.ceil((width * bitCount) / 32) * 4;
  if (pixelOffset + stride * (height - 1) + Math.ceil((width * bitCount) / 8) > bytes.length) fail('truncated pixels');

  const channel = masks?.map(maskReader);
  const out = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    const row = pixelOffset + (topDown ? y : height - 1 - y) * stride;
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 3;
      if (palette) {
        const bitPos = x * bitCount;
        const byte = bytes[row + (bitPos >> 3)] ?? 0;
        const index = bitCount === 8 ? byte : (byte >> (8 - bitCount - (bitPos & 7))) & ((1 << bitCount) - 1);
        if (index * 4 + 2 >= palette.length) fail('pixel outside the palette');
        out[o] = palette[index * 4 + 2] ?? 0;
        out[o + 1] = palette[index * 4 + 1] ?? 0;
        out[o + 2] = palette[index * 4] ?? 0;
      } else if (channel) {
        const p = row + x * (bitCount / 8);
        const value = bitCount === 16 ? view.getUint16(p, true) : view.getUint32(p, true);
        out[o] = channel[0]?.(value) ?? 0;
        out[o + 1] = channel[1]?.(value) ?? 0;
        out[o + 2] = channel[2]?.(value) ?? 0;
      } else {
        const p = row + x * (bitCount / 8); // 24 or 32 bits: B, G, R(, X)
        out[o] = bytes[p + 2] ?? 0;
        out[o + 1] = bytes[p + 1] ?? 0;
        out[o + 2] = bytes[p] ?? 0;
      }
    }
  }
  return { width, height, data: out };
}

/** Reads one colour channel given by a bit mask, scaled to 0–255. */
function maskReader(mask: number): (value: number) => number {
  if (mask === 0) return () => 0;
  let shift = 0;
  while (((mask >>> shift) & 1) === 0) shift++;
  const max = mask >>> shift;
  return (value) => Math.round((((value & mask) >>> shift) * 255) / max);
}
