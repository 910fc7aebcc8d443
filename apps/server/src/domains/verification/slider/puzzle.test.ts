import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodePng } from './png';
import { makePuzzle, PUZZLE } from './puzzle';

/** Reads back what encodePng wrote: size and the RGBA rows. */
function decode(png: Buffer) {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const idatLength = png.readUInt32BE(33);
  expect(png.toString('ascii', 37, 41)).toBe('IDAT');
  const raw = inflateSync(png.subarray(41, 41 + idatLength));
  const pixels = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) raw.copy(pixels, y * width * 4, y * (width * 4 + 1) + 1, (y + 1) * (width * 4 + 1));
  return { width, height, pixels };
}

describe('slider puzzle images', () => {
  it('encodes pixels as a PNG that decodes to the same pixels', () => {
    const pixels = Uint8Array.from({ length: 3 * 2 * 4 }, (_, i) => (i * 37) % 256);
    const decoded = decode(encodePng(3, 2, pixels));
    expect(decoded).toMatchObject({ width: 3, height: 2 });
    expect([...decoded.pixels]).toEqual([...pixels]);
  });

  it('places the gap inside the picture, right of the piece start, and varies it', () => {
    const xs = new Set<number>();
    for (let i = 0; i < 12; i++) {
      const p = makePuzzle();
      expect(p.x).toBeGreaterThanOrEqual(PUZZLE.piece);
      expect(p.x + PUZZLE.piece).toBeLessThanOrEqual(PUZZLE.width);
      expect(p.y + PUZZLE.piece).toBeLessThanOrEqual(PUZZLE.height);
      xs.add(p.x);
    }
    expect(xs.size).toBeGreaterThan(3);
  });

  it('cuts a piece that is opaque inside its shape and transparent outside', () => {
    const p = makePuzzle();
    const piece = decode(p.piece);
    expect(piece.width).toBe(PUZZLE.piece);
    const alpha = (x: number, y: number) => piece.pixels[(y * PUZZLE.piece + x) * 4 + 3];
    expect(alpha(20, 30)).toBe(255);
    expect(alpha(0, 0)).toBe(0);
    expect(alpha(PUZZLE.piece - 1, 0)).toBe(0);
  });

  it('darkens the picture where the gap is', () => {
    const p = makePuzzle();
    const bg = decode(p.background);
    const piece = decode(p.piece);
    const at = (x: number, y: number) => (y * PUZZLE.width + x) * 4;
    const inside = at(p.x + 20, p.y + 30);
    const original = (30 * PUZZLE.piece + 20) * 4;
    const gapBrightness = (bg.pixels[inside] ?? 0) + (bg.pixels[inside + 1] ?? 0) + (bg.pixels[inside + 2] ?? 0);
    const pieceBrightness =
      (piece.pixels[original] ?? 0) + (piece.pixels[original + 1] ?? 0) + (piece.pixels[original + 2] ?? 0);
    expect(gapBrightness).toBeLessThan(pieceBrightness);
  });
});
