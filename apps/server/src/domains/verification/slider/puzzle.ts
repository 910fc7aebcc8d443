import { randomInt } from 'node:crypto';
import { encodePng } from './png';

export const PUZZLE = { width: 320, height: 160, piece: 56 } as const;

export interface Puzzle {
  background: Buffer;
  piece: Buffer;
  /** The piece's place: x is the answer, y is shown to the user. */
  x: number;
  y: number;
}

/** The jigsaw piece: a 44 px square with a round knob on its top and one on its right. */
function inPiece(px: number, py: number): boolean {
  const square = px >= 0 && px < 44 && py >= 12 && py < 56;
  const top = (px - 22) ** 2 + (py - 12) ** 2 <= 81;
  const right = (px - 44) ** 2 + (py - 34) ** 2 <= 81;
  return square || top || right;
}

const MASK = (() => {
  const size = PUZZLE.piece;
  const inside = new Uint8Array(size * size);
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) inside[y * size + x] = inPiece(x, y) ? 1 : 0;
  const edge = new Uint8Array(size * size);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (!inside[y * size + x]) continue;
      const near = [
        [x - 2, y],
        [x + 2, y],
        [x, y - 2],
        [x, y + 2],
      ].some(([nx = -1, ny = -1]) => nx < 0 || ny < 0 || nx >= size || ny >= size || !inside[ny * size + nx]);
      edge[y * size + x] = near ? 1 : 0;
    }
  }
  return { inside, edge };
})();

const rand = (min: number, max: number) => randomInt(min, max + 1);

/** A random picture: a two-colour gradient, soft discs, stripes and grain. */
function paintBackground(): Uint8Array {
  const { width, height } = PUZZLE;
  const pixels = new Uint8Array(width * height * 4);
  const from = [rand(40, 200), rand(40, 200), rand(40, 200)];
  const to = [rand(40, 200), rand(40, 200), rand(40, 200)];
  const discs = Array.from({ length: rand(10, 16) }, () => ({
    cx: rand(0, width),
    cy: rand(0, height),
    r: rand(12, 48),
    color: [rand(0, 255), rand(0, 255), rand(0, 255)],
    alpha: rand(25, 60) / 100,
  }));
  const stripe = { angle: rand(0, 180) * (Math.PI / 180), period: rand(14, 30) };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      let rgb = from.map((c, i) => c + ((to[i] ?? c) - c) * t);
      for (const d of discs) {
        const dist = Math.hypot(x - d.cx, y - d.cy);
        if (dist < d.r) {
          const a = d.alpha * (1 - dist / d.r);
          rgb = rgb.map((c, i) => c * (1 - a) + (d.color[i] ?? c) * a);
        }
      }
      const wave = Math.sin(((x * Math.cos(stripe.angle) + y * Math.sin(stripe.angle)) / stripe.period) * Math.PI * 2);
      const grain = randomInt(-10, 11);
      const o = (y * width + x) * 4;
      for (let i = 0; i < 3; i++) pixels[o + i] = Math.max(0, Math.min(255, (rgb[i] ?? 0) + wave * 12 + grain));
      pixels[o + 3] = 255;
    }
  }
  return pixels;
}

/** Darkens the piece's outline at (gx, gy); `strength` 0.55 for the real gap, fainter for a decoy. */
function cutGap(pixels: Uint8Array, gx: number, gy: number, strength: number): void {
  const size = PUZZLE.piece;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const m = y * size + x;
      if (!MASK.inside[m]) continue;
      const o = ((gy + y) * PUZZLE.width + gx + x) * 4;
      for (let i = 0; i < 3; i++) {
        const c = pixels[o + i] ?? 0;
        pixels[o + i] = MASK.edge[m] ? Math.min(255, c * 0.4 + 150) : Math.round(c * (1 - strength));
      }
    }
  }
}

/**
 * Makes a slider puzzle: a picture with a piece-shaped gap (and a fainter decoy), and the
 * piece itself. The gap's x is the answer and never leaves the server.
 */
export function makePuzzle(): Puzzle {
  const { width, height, piece: size } = PUZZLE;
  const original = paintBackground();
  const x = rand(size + 30, width - size - 8);
  const y = rand(6, height - size - 6);
  const piece = new Uint8Array(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const m = py * size + px;
      if (!MASK.inside[m]) continue;
      const from = ((y + py) * width + x + px) * 4;
      const to = m * 4;
      for (let i = 0; i < 3; i++) {
        const c = original[from + i] ?? 0;
        piece[to + i] = MASK.edge[m] ? Math.min(255, c * 0.3 + 180) : c;
      }
      piece[to + 3] = 255;
    }
  }
  const background = original.slice();
  cutGap(background, x, y, 0.55);
  const decoyX =
    x > width / 2
      ? rand(size + 4, Math.max(size + 4, x - size - 10))
      : rand(Math.min(x + size + 10, width - size - 2), width - size - 2);
  cutGap(background, decoyX, rand(6, height - size - 6), 0.25);
  return { background: encodePng(width, height, background), piece: encodePng(size, size, piece), x, y };
}
