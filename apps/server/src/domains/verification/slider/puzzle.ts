import { randomBytes, randomInt } from 'node:crypto';
import { encodePng } from './png';

/**
 * The picture's size, the piece's square and how many gaps of the piece's shape the piece's row
 * shows (the true one and decoys).
 */
export const PUZZLE = { width: 320, height: 160, piece: 56, gaps: 5 } as const;
/** Gaps keep at least this far apart (the shape is 54 px wide), and the true one clear of the piece's start. */
const GAP_SPACING = 56;

/**
 * Where a puzzle's chance comes from: `seed` seeds the painting's generator, `int` (min
 * inclusive, max exclusive) places the row and the gaps. The server uses crypto; tests may pass
 * a seeded source so a measurement is repeatable.
 */
export interface Chance {
  seed(): Buffer;
  int(min: number, max: number): number;
}

export const CRYPTO_CHANCE: Chance = { seed: () => randomBytes(16), int: (min, max) => randomInt(min, max) };

export interface Puzzle {
  background: Buffer;
  piece: Buffer;
  /** The piece's place: x is the answer, y is shown to the user. */
  x: number;
  y: number;
  /** Every gap's x on the row, the true one among them (for tests). */
  gaps: number[];
}

/** The jigsaw piece: a 44 px square with a round knob on its top and one on its right. */
function inPiece(px: number, py: number): boolean {
  const square = px >= 0 && px < 44 && py >= 12 && py < 56;
  const top = (px - 22) ** 2 + (py - 12) ** 2 <= 81;
  const right = (px - 44) ** 2 + (py - 34) ** 2 <= 81;
  return square || top || right;
}

/** Per pixel of the piece's square: inside the shape, how far (px, up to 4) from its outline, and on which side. */
const MASK = (() => {
  const size = PUZZLE.piece;
  const inside = new Uint8Array(size * size);
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) inside[y * size + x] = inPiece(x, y) ? 1 : 0;
  const depth = new Uint8Array(size * size);
  /** Which side the nearest outside lies on: -1 above or left (lit), 1 below or right (shaded). */
  const facing = new Int8Array(size * size);
  const out = (x: number, y: number) => x < 0 || y < 0 || x >= size || y >= size || !inside[y * size + x];
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (!inside[y * size + x]) continue;
      let d = 5;
      let side = 0;
      for (let r = 1; r <= 4 && d === 5; r++) {
        if (out(x - r, y) || out(x, y - r)) [d, side] = [r, -1];
        else if (out(x + r, y) || out(x, y + r)) [d, side] = [r, 1];
      }
      depth[y * size + x] = d;
      facing[y * size + x] = side;
    }
  }
  return { inside, depth, facing };
})();

/** How far out from the outline a gap's seam is blended, in px (inside, the fill is whole from 3 px in). */
const SEAM = 11;

/**
 * The seam across a gap's outline, over the piece's square padded by SEAM on every side: per
 * pixel, how much of the gap's fill it shows (1 well inside, 0 beyond the seam).
 */
const SEAM_WEIGHT = (() => {
  const size = PUZZLE.piece;
  const span = size + 2 * SEAM;
  const inside = (x: number, y: number) => inPiece(x - SEAM, y - SEAM);
  const weight = new Float32Array(span * span);
  for (let y = 0; y < span; y++) {
    for (let x = 0; x < span; x++) {
      const here = inside(x, y);
      // Distance to the nearest pixel on the other side, searched out to SEAM (chessboard rings).
      let distance = SEAM + 1;
      for (let r = 1; r <= SEAM && distance > SEAM; r++) {
        for (let dy = -r; dy <= r && distance > SEAM; dy++) {
          for (let dx = -r; dx <= r; dx++) {
            if ((Math.abs(dx) === r || Math.abs(dy) === r) && inside(x + dx, y + dy) !== here) {
              distance = r;
              break;
            }
          }
        }
      }
      const across = (here ? 1 : -1) * (distance - 0.5);
      weight[y * span + x] = Math.min(1, Math.max(0, (across + SEAM - 0.5) / (SEAM + 2)));
    }
  }
  return { span, weight };
})();

/**
 * xoshiro128**: a fast generator for the pictures' grain and shapes, seeded with 128 random bits
 * for each puzzle. Where the gaps are comes from the chance's `int` (crypto), never from it.
 */
export function generator(seed: Buffer): () => number {
  let [s0, s1, s2, s3] = [0, 4, 8, 12].map((at) => seed.readUInt32LE(at)) as [number, number, number, number];
  if (!(s0 | s1 | s2 | s3)) s0 = 1;
  const rotl = (v: number, k: number) => ((v << k) | (v >>> (32 - k))) >>> 0;
  return () => {
    const result = Math.imul(rotl(Math.imul(s1, 5) >>> 0, 7), 9) >>> 0;
    const t = (s1 << 9) >>> 0;
    s2 = (s2 ^ s0) >>> 0;
    s3 = (s3 ^ s1) >>> 0;
    s1 = (s1 ^ s2) >>> 0;
    s0 = (s0 ^ s3) >>> 0;
    s2 = (s2 ^ t) >>> 0;
    s3 = rotl(s3, 11);
    return result / 4294967296;
  };
}

type Rgb = [number, number, number];
const clamp = (v: number) => Math.max(0, Math.min(255, v));

/**
 * A random picture (RGB floats): a gradient under bold discs and bands with crisp edges. The
 * shapes are big, so they run across the gaps' outlines: that is what a person matches the
 * piece by. Stripes and grain are laid over it at the end (`finish`), over the gaps too.
 */
function paintShapes(random: () => number): Float32Array {
  const { width, height } = PUZZLE;
  const between = (min: number, max: number) => min + (max - min) * random();
  const colour = (): Rgb => [between(30, 230), between(30, 230), between(30, 230)];
  const picture = new Float32Array(width * height * 3);
  const from = colour();
  const to = colour();
  const angle = between(0, Math.PI * 2);
  const [ux, uy] = [Math.cos(angle), Math.sin(angle)];
  const shapes = Array.from({ length: Math.floor(between(12, 19)) }, () => {
    const turn = between(0, Math.PI);
    return random() < 0.6
      ? { kind: 'disc' as const, cx: between(-20, width + 20), cy: between(-20, height + 20), r: between(14, 55) }
      : {
          kind: 'band' as const,
          cx: between(0, width),
          cy: between(0, height),
          half: between(4, 14),
          sin: Math.sin(turn),
          cos: Math.cos(turn),
        };
  }).map((shape) => ({ ...shape, colour: colour(), alpha: between(0.45, 0.9) }));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = Math.min(1, Math.max(0, ((x - width / 2) * ux + (y - height / 2) * uy) / (width * 0.8) + 0.5));
      let r = from[0] + (to[0] - from[0]) * t;
      let g = from[1] + (to[1] - from[1]) * t;
      let b = from[2] + (to[2] - from[2]) * t;
      for (const shape of shapes) {
        const edge =
          shape.kind === 'disc'
            ? shape.r - Math.sqrt((x - shape.cx) ** 2 + (y - shape.cy) ** 2)
            : shape.half - Math.abs((x - shape.cx) * shape.sin - (y - shape.cy) * shape.cos);
        if (edge <= -1) continue;
        const a = shape.alpha * Math.min(1, (edge + 1) / 2);
        r += (shape.colour[0] - r) * a;
        g += (shape.colour[1] - g) * a;
        b += (shape.colour[2] - b) * a;
      }
      const o = (y * width + x) * 3;
      picture[o] = r;
      picture[o + 1] = g;
      picture[o + 2] = b;
    }
  }
  return picture;
}

/** Soft stripes and grain over the whole picture, gaps included (so they show no seam), as RGBA bytes. */
function finish(picture: Float32Array, random: () => number): Uint8Array {
  const { width, height } = PUZZLE;
  const angle = random() * Math.PI;
  const period = 12 + random() * 16;
  const amplitude = 4 + random() * 8;
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  const out = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const wave = amplitude * Math.sin(((x * cos + y * sin) / period) * Math.PI * 2);
      for (let i = 0; i < 3; i++) {
        out[p * 4 + i] = Math.round(clamp((picture[p * 3 + i] ?? 0) + wave + (random() - 0.5) * 16));
      }
      out[p * 4 + 3] = 255;
    }
  }
  return out;
}

/**
 * Where the gaps go: `count` places on the row, at least GAP_SPACING apart; the true one is
 * drawn among those `eligible` (clear of the piece's start, and with something in them).
 */
function placeGaps(
  count: number,
  chance: Chance,
  eligible: (x: number) => boolean,
): { gaps: number[]; answer: number } | undefined {
  const { width, piece } = PUZZLE;
  const slack = width - piece - (count - 1) * GAP_SPACING;
  const cuts = Array.from({ length: count }, () => chance.int(0, slack + 1)).sort((a, b) => a - b);
  const gaps = cuts.map((cut, i) => cut + i * GAP_SPACING);
  const candidates = gaps.filter((x) => x >= GAP_SPACING && eligible(x));
  // Most gaps should qualify, so the true one is not the only place with something in it.
  if (candidates.length < Math.min(3, gaps.filter((x) => x >= GAP_SPACING).length)) return undefined;
  return { gaps, answer: candidates[chance.int(0, candidates.length)] ?? GAP_SPACING };
}

/**
 * Fills a gap of the piece's shape at (gx, gy): its inside shows another part of the picture,
 * never what was there, so the piece's own pixels appear nowhere. The fill takes the mean
 * colour of what it covers (the gap is neither darker nor lighter) and is blended in across
 * a seam on both sides of the outline (no hard edge of its own). Every gap is made alike.
 */
function cutGap(
  picture: Float32Array,
  original: Float32Array,
  gx: number,
  gy: number,
  random: () => number,
  avoid: { x: number; y: number },
): void {
  const { width, height, piece: size } = PUZZLE;
  const { span, weight } = SEAM_WEIGHT;
  let sx = 0;
  let sy = 0;
  do {
    sx = SEAM + Math.floor(random() * (width - size - 2 * SEAM));
    sy = SEAM + Math.floor(random() * (height - size - 2 * SEAM));
  } while (
    (Math.abs(sx - gx) < size && Math.abs(sy - gy) < size) ||
    (Math.abs(sx - avoid.x) < size && Math.abs(sy - avoid.y) < size)
  );
  const shift = [0, 0, 0];
  let n = 0;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (!MASK.inside[y * size + x]) continue;
      const o = ((gy + y) * width + gx + x) * 3;
      const s = ((sy + y) * width + sx + x) * 3;
      for (let i = 0; i < 3; i++) shift[i] = (shift[i] ?? 0) + (original[o + i] ?? 0) - (original[s + i] ?? 0);
      n++;
    }
  }
  for (let y = 0; y < span; y++) {
    const py = gy + y - SEAM;
    if (py < 0 || py >= height) continue;
    for (let x = 0; x < span; x++) {
      const px = gx + x - SEAM;
      const w = weight[y * span + x] ?? 0;
      if (px < 0 || px >= width || w === 0) continue;
      const o = (py * width + px) * 3;
      const s = ((sy + y - SEAM) * width + sx + x - SEAM) * 3;
      for (let i = 0; i < 3; i++) {
        const fill = (original[s + i] ?? 0) + (shift[i] ?? 0) / n;
        picture[o + i] = (picture[o + i] ?? 0) * (1 - w) + fill * w;
      }
    }
  }
}

/**
 * The piece: the shapes that were at the true gap, but not a copy of what the picture shows:
 * without the picture's stripes and grain, with its contrast, brightness and hue shifted, a
 * light falling across it, grain of its own, and a bevelled rim (lit on the top and left,
 * shaded on the bottom and right). A person still sees the shapes continue across the true
 * gap's outline; a pixel-for-pixel search finds nothing to match (the true gap shows another
 * part of the picture).
 */
function cutPiece(original: Float32Array, x: number, y: number, random: () => number): Uint8Array {
  const { width, piece: size } = PUZZLE;
  const contrast = 0.85 + random() * 0.25;
  const brightness = (random() - 0.5) * 30;
  const hue = (random() - 0.5) * 0.4;
  // Light falling across the piece from a random side.
  const light = random() * Math.PI * 2;
  const [lx, ly] = [Math.cos(light) * 0.9, Math.sin(light) * 0.9];
  const [cos, sin] = [Math.cos(hue), Math.sin(hue)];
  const piece = new Uint8Array(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const m = py * size + px;
      if (!MASK.inside[m]) continue;
      const from = ((y + py) * width + x + px) * 3;
      const [r = 0, g = 0, b = 0] = [original[from], original[from + 1], original[from + 2]];
      // Hue turned in YIQ, contrast and brightness around mid grey.
      const luma = 0.299 * r + 0.587 * g + 0.114 * b;
      const i0 = 0.596 * r - 0.274 * g - 0.322 * b;
      const q0 = 0.211 * r - 0.523 * g + 0.312 * b;
      const i1 = i0 * cos - q0 * sin;
      const q1 = i0 * sin + q0 * cos;
      const depth = MASK.depth[m] ?? 5;
      const bevel = depth <= 2 ? (-(MASK.facing[m] ?? 0) * 40 * (3 - depth)) / 2 : 0;
      const rgb = [luma + 0.956 * i1 + 0.621 * q1, luma - 0.272 * i1 - 0.647 * q1, luma - 1.106 * i1 + 1.703 * q1];
      const grain = (random() - 0.5) * 16 + ((px - size / 2) * lx + (py - size / 2) * ly);
      for (let i = 0; i < 3; i++) {
        piece[m * 4 + i] = Math.round(clamp(((rgb[i] ?? 0) - 128) * contrast + 128 + brightness + grain + bevel));
      }
      piece[m * 4 + 3] = 255;
    }
  }
  return piece;
}

/** The least spread of brightness (standard deviation) the piece's picture should have. */
const MIN_STRUCTURE = 18;

/** The spread of brightness of the picture under the piece's shape at (x, y). */
function structureAt(picture: Float32Array, x: number, y: number): number {
  const { width, piece: size } = PUZZLE;
  let sum = 0;
  let squares = 0;
  let n = 0;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      if (!MASK.inside[py * size + px]) continue;
      const o = ((y + py) * width + x + px) * 3;
      const luma = 0.299 * (picture[o] ?? 0) + 0.587 * (picture[o + 1] ?? 0) + 0.114 * (picture[o + 2] ?? 0);
      sum += luma;
      squares += luma * luma;
      n++;
    }
  }
  return Math.sqrt(Math.max(0, squares / n - (sum / n) ** 2));
}

/**
 * Makes a slider puzzle: a picture with gaps of the piece's shape along the piece's row (the
 * true one and decoys, made alike), and the piece. The true gap's x is the answer and never
 * leaves the server.
 */
export function makePuzzle(chance: Chance = CRYPTO_CHANCE): Puzzle {
  const { width, height, piece: size } = PUZZLE;
  const random = generator(chance.seed());
  const original = paintShapes(random);
  // The piece should carry some shape a person can follow: a row whose places have little in them is drawn again.
  let y = 0;
  let placed: { gaps: number[]; answer: number } | undefined;
  for (let attempt = 0; attempt < 12 && !placed; attempt++) {
    y = chance.int(6, height - size - 6 + 1);
    placed = placeGaps(PUZZLE.gaps, chance, (x) => structureAt(original, x, y) >= MIN_STRUCTURE);
  }
  placed ??= placeGaps(PUZZLE.gaps, chance, () => true) as { gaps: number[]; answer: number };
  const { gaps, answer } = placed;
  const picture = original.slice();
  for (const gx of gaps) cutGap(picture, original, gx, y, random, { x: answer, y });
  return {
    background: encodePng(width, height, finish(picture, random)),
    piece: encodePng(size, size, cutPiece(original, answer, y, random)),
    x: answer,
    y,
    gaps,
  };
}
