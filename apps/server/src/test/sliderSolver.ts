import { inflateSync } from 'node:zlib';
import { type Chance, generator } from '../domains/verification/slider/puzzle';

/**
 * The attacker's slider solver, as a reviewer writes it: it sees only what the API serves (the
 * two PNGs and pieceY) and searches the piece's row. Each strategy gives one answer, as the
 * server takes one answer per puzzle. Used to measure the puzzle (puzzle.test.ts).
 */

export interface Image {
  width: number;
  height: number;
  /** RGBA, row after row. */
  pixels: Uint8Array;
}

/** Reads an 8-bit RGBA PNG with no interlace and filter "none" (what encodePng writes). */
export function decodePng(png: Buffer): Image {
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const parts: Buffer[] = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    if (png.toString('ascii', at + 4, at + 8) === 'IDAT') parts.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(parts));
  const pixels = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    pixels.set(raw.subarray(y * (width * 4 + 1) + 1, (y + 1) * (width * 4 + 1)), y * width * 4);
  }
  return { width, height, pixels };
}

const luma = (img: Image) =>
  Float64Array.from({ length: img.width * img.height }, (_, i) => {
    const o = i * 4;
    return 0.299 * (img.pixels[o] ?? 0) + 0.587 * (img.pixels[o + 1] ?? 0) + 0.114 * (img.pixels[o + 2] ?? 0);
  });

/** Sobel gradient magnitude of a grey image, in rows `from` to `to` (the rest stays 0). */
function gradient(grey: Float64Array, width: number, height: number, from = 0, to = height): Float64Array {
  const out = new Float64Array(width * height);
  const at = (x: number, y: number) =>
    grey[Math.min(height - 1, Math.max(0, y)) * width + Math.min(width - 1, Math.max(0, x))] ?? 0;
  for (let y = Math.max(0, from); y < Math.min(height, to); y++) {
    for (let x = 0; x < width; x++) {
      const gx =
        at(x + 1, y - 1) + 2 * at(x + 1, y) + at(x + 1, y + 1) - at(x - 1, y - 1) - 2 * at(x - 1, y) - at(x - 1, y + 1);
      const gy =
        at(x - 1, y + 1) + 2 * at(x, y + 1) + at(x + 1, y + 1) - at(x - 1, y - 1) - 2 * at(x, y - 1) - at(x + 1, y - 1);
      out[y * width + x] = Math.hypot(gx, gy);
    }
  }
  return out;
}

/**
 * Normalised cross-correlation of a template with the picture's values at `offsets` from `base`
 * (1 when equal up to brightness and contrast).
 */
function ncc(template: Float64Array, picture: Float64Array | Uint8Array, offsets: Int32Array, base: number): number {
  const n = template.length;
  let ma = 0;
  let mb = 0;
  for (let i = 0; i < n; i++) {
    ma += template[i] ?? 0;
    mb += picture[base + (offsets[i] ?? 0)] ?? 0;
  }
  ma /= n;
  mb /= n;
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  for (let i = 0; i < n; i++) {
    const da = (template[i] ?? 0) - ma;
    const db = (picture[base + (offsets[i] ?? 0)] ?? 0) - mb;
    sab += da * db;
    saa += da * da;
    sbb += db * db;
  }
  return saa && sbb ? sab / Math.sqrt(saa * sbb) : 0;
}

const IDENTITY = Int32Array.from({ length: 65536 }, (_, i) => i);

function meanAt(picture: Float64Array, offsets: Int32Array, base: number): number {
  let sum = 0;
  for (const o of offsets) sum += picture[base + o] ?? 0;
  return sum / Math.max(1, offsets.length);
}

export type Strategy = 'template' | 'templateEdges' | 'darkness' | 'outline' | 'continuity' | 'continuityFar';
/** What the review's solver does: the piece against the picture, and a gap-darkness or edge search. */
export const REVIEW_STRATEGIES: Strategy[] = ['template', 'templateEdges', 'darkness', 'outline'];
/** An attacker who knows the design: does the piece continue the picture around a place? */
export const ADAPTED_STRATEGIES: Strategy[] = ['continuity', 'continuityFar'];

type Point = [number, number];
interface Geometry {
  body: Point[];
  /** The body without the 3 px next to the outline. */
  bodyInner: Point[];
  outline: Point[];
  /** Outside the shape, within 3 px of it. */
  ring: Point[];
  near: { p: Point; q: Point }[];
  far: { p: Point; q: Point }[];
}

/** The piece's shape, measured once per shape (an attacker computes it once, too). */
const GEOMETRY = new Map<string, Geometry>();

function geometryOf(pc: Image): Geometry {
  const size = pc.width;
  const key = Array.from({ length: size * size }, (_, i) => ((pc.pixels[i * 4 + 3] ?? 0) > 128 ? 1 : 0)).join('');
  const known = GEOMETRY.get(key);
  if (known) return known;
  const inside = (x: number, y: number) =>
    x >= 0 && y >= 0 && x < size && y < size && (pc.pixels[(y * size + x) * 4 + 3] ?? 0) > 128;
  const body: Point[] = [];
  const outline: Point[] = [];
  const ring: Point[] = [];
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const near = (d: number) => [
        [x - d, y],
        [x + d, y],
        [x, y - d],
        [x, y + d],
      ];
      if (inside(x, y)) {
        body.push([x, y]);
        if (near(1).some(([nx = 0, ny = 0]) => !inside(nx, ny))) outline.push([x, y]);
      } else if (near(3).some(([nx = 0, ny = 0]) => inside(nx, ny))) ring.push([x, y]);
    }
  }
  /** Chessboard distance to the other side of the outline, up to 12, for a point of the padded square. */
  const across = (x: number, y: number) => {
    const here = inside(x, y);
    for (let r = 1; r <= 12; r++) {
      for (let dy = -r; dy <= r; dy++) {
        for (let dx = -r; dx <= r; dx++) {
          if ((Math.abs(dx) === r || Math.abs(dy) === r) && inside(x + dx, y + dy) !== here) return r;
        }
      }
    }
    return 13;
  };
  /** Pairs (a rim pixel of the piece, the picture's pixel nearest it in a band outside the outline). */
  const pairsOf = (rimFrom: number, rimTo: number, outFrom: number, outTo: number) => {
    const rim: Point[] = [];
    const out: Point[] = [];
    for (let y = -outTo; y < size + outTo; y++) {
      for (let x = -outTo; x < size + outTo; x++) {
        const d = across(x, y);
        if (inside(x, y) ? d >= rimFrom && d <= rimTo : d >= outFrom && d <= outTo) {
          (inside(x, y) ? rim : out).push([x, y]);
        }
      }
    }
    return rim.map((p) => ({
      p,
      q: out.reduce((nearest, q) =>
        Math.hypot(q[0] - p[0], q[1] - p[1]) < Math.hypot(nearest[0] - p[0], nearest[1] - p[1]) ? q : nearest,
      ),
    }));
  };
  const geometry = {
    body,
    bodyInner: body.filter(([x, y]) => !outline.some(([ox, oy]) => Math.abs(ox - x) + Math.abs(oy - y) < 3)),
    outline,
    ring,
    near: pairsOf(3, 5, 1, 3),
    far: pairsOf(3, 6, 7, 10),
  };
  GEOMETRY.set(key, geometry);
  return geometry;
}

/**
 * One answer per strategy:
 * - template: the piece's pixels against the picture along the row (NCC of luminance);
 * - templateEdges: the same on Sobel edges (OpenCV-style matchTemplate on edge images);
 * - darkness: where the piece's shape is darkest compared with the ring just outside it;
 * - outline: where the picture's edges follow the piece's outline most;
 * - continuity: where the piece's rim (3 to 5 px in) best continues the picture just outside the
 *   outline (1 to 3 px out), NCC over RGB;
 * - continuityFar: the same with the picture 7 to 10 px out, past a blended seam.
 */
export function solve(
  background: Buffer,
  piece: Buffer,
  pieceY: number,
  /** Search only these places (default: every x along the row). */
  candidates?: number[],
): Record<Strategy, number> {
  const bg = decodePng(background);
  const pc = decodePng(piece);
  const size = pc.width;
  const { body, bodyInner, outline, ring, near, far } = geometryOf(pc);
  const continuityOf = (pairs: { p: Point; q: Point }[]) => {
    const colour = Float64Array.from(
      pairs.flatMap(({ p: [x, y] }) => [0, 1, 2].map((c) => pc.pixels[(y * size + x) * 4 + c] ?? 0)),
    );
    const around = new Float64Array(colour.length);
    const dx = Int32Array.from(pairs, ({ q }) => q[0]);
    const rows = Int32Array.from(pairs, ({ q }) => Math.min(bg.height - 1, Math.max(0, pieceY + q[1])) * bg.width);
    return (gx: number) => {
      for (let i = 0; i < dx.length; i++) {
        const px = Math.min(bg.width - 1, Math.max(0, gx + (dx[i] ?? 0)));
        const o = ((rows[i] ?? 0) + px) * 4;
        around[i * 3] = bg.pixels[o] ?? 0;
        around[i * 3 + 1] = bg.pixels[o + 1] ?? 0;
        around[i * 3 + 2] = bg.pixels[o + 2] ?? 0;
      }
      return ncc(colour, around, IDENTITY.subarray(0, around.length), 0);
    };
  };
  const continuity = continuityOf(near);
  const continuityFar = continuityOf(far);
  const bgGrey = luma(bg);
  const pcGrey = luma(pc);
  const bgEdges = gradient(bgGrey, bg.width, bg.height, pieceY - 1, pieceY + size + 1);
  const pcEdges = gradient(pcGrey, size, size);
  // Offsets in the picture relative to the piece's top-left corner placed at (gx, pieceY).
  const offsetsOf = (points: Point[]) => Int32Array.from(points, ([x, y]) => y * bg.width + x);
  const inPicture = (points: Point[]) => points.filter(([, y]) => pieceY + y >= 0 && pieceY + y < bg.height);
  const bodyOffsets = offsetsOf(inPicture(bodyInner));
  const pieceGrey = Float64Array.from(inPicture(bodyInner), ([x, y]) => pcGrey[y * size + x] ?? 0);
  const pieceEdges = Float64Array.from(inPicture(bodyInner), ([x, y]) => pcEdges[y * size + x] ?? 0);
  const shapeOffsets = offsetsOf(inPicture(body));
  const ringOffsets = offsetsOf(inPicture(ring).filter(([x]) => x >= 0));
  const outlineOffsets = offsetsOf(inPicture(outline));
  const best: Record<Strategy, { x: number; score: number }> = {
    template: { x: 0, score: -Infinity },
    templateEdges: { x: 0, score: -Infinity },
    darkness: { x: 0, score: -Infinity },
    outline: { x: 0, score: -Infinity },
    continuity: { x: 0, score: -Infinity },
    continuityFar: { x: 0, score: -Infinity },
  };
  const offer = (strategy: Strategy, x: number, score: number) => {
    if (score > best[strategy].score) best[strategy] = { x, score };
  };
  const places = candidates ?? Array.from({ length: bg.width - size + 1 }, (_, x) => x);
  for (const gx of places) {
    const base = pieceY * bg.width + gx;
    offer('template', gx, ncc(pieceGrey, bgGrey, bodyOffsets, base));
    offer('templateEdges', gx, ncc(pieceEdges, bgEdges, bodyOffsets, base));
    offer('darkness', gx, meanAt(bgGrey, ringOffsets, base) - meanAt(bgGrey, shapeOffsets, base));
    offer('outline', gx, meanAt(bgEdges, outlineOffsets, base));
    offer('continuity', gx, continuity(gx));
    offer('continuityFar', gx, continuityFar(gx));
  }
  return {
    template: best.template.x,
    templateEdges: best.templateEdges.x,
    darkness: best.darkness.x,
    outline: best.outline.x,
    continuity: best.continuity.x,
    continuityFar: best.continuityFar.x,
  };
}

/** A seeded chance for makePuzzle, so a measurement is repeatable. */
export function seededChance(seed: number): Chance {
  const next = generator(Buffer.from(Uint32Array.of(seed, 0x9e3779b9, 0x7f4a7c15, 0x2545f491).buffer));
  return {
    seed: () => Buffer.from(Uint32Array.from({ length: 4 }, () => Math.floor(next() * 2 ** 32)).buffer),
    int: (min, max) => min + Math.floor(next() * (max - min)),
  };
}
