import { describe, expect, it } from 'vitest';
import {
  ADAPTED_STRATEGIES,
  decodePng,
  REVIEW_STRATEGIES,
  type Strategy,
  seededChance,
  solve,
} from '../../../test/sliderSolver';
import { encodePng } from './png';
import { makePuzzle, PUZZLE } from './puzzle';
import { SLIDER_TOLERANCE_PX } from './sliderService';

/** How many puzzles the measurements draw (seeded: the figures repeat from run to run). */
const MEASURED = 60;

describe('slider puzzle images', () => {
  it('encodes pixels as a PNG that decodes to the same pixels', () => {
    const pixels = Uint8Array.from({ length: 3 * 2 * 4 }, (_, i) => (i * 37) % 256);
    const png = encodePng(3, 2, pixels);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const decoded = decodePng(png);
    expect(decoded).toMatchObject({ width: 3, height: 2 });
    expect([...decoded.pixels]).toEqual([...pixels]);
  });

  it("puts gaps of the piece's shape along its row, apart and inside the picture, the true one among them, clear of the piece's start, and varies it", () => {
    const answers = new Set<number>();
    const chance = seededChance(1);
    for (let i = 0; i < 40; i++) {
      const p = makePuzzle(chance);
      expect(p.gaps).toHaveLength(PUZZLE.gaps);
      expect(p.gaps).toContain(p.x);
      for (const [j, gap] of p.gaps.slice(1).entries()) expect(gap - (p.gaps[j] ?? 0)).toBeGreaterThanOrEqual(54);
      expect(Math.min(...p.gaps)).toBeGreaterThanOrEqual(0);
      expect(Math.max(...p.gaps) + PUZZLE.piece).toBeLessThanOrEqual(PUZZLE.width);
      expect(p.x).toBeGreaterThanOrEqual(PUZZLE.piece);
      expect(p.y + PUZZLE.piece).toBeLessThanOrEqual(PUZZLE.height);
      answers.add(p.x);
    }
    expect(answers.size).toBeGreaterThan(20);
  });

  it('cuts a piece that is opaque inside its shape and transparent outside', () => {
    const piece = decodePng(makePuzzle().piece);
    expect(piece.width).toBe(PUZZLE.piece);
    const alpha = (x: number, y: number) => piece.pixels[(y * PUZZLE.piece + x) * 4 + 3];
    expect(alpha(20, 30)).toBe(255);
    expect(alpha(0, 0)).toBe(0);
    expect(alpha(PUZZLE.piece - 1, 0)).toBe(0);
  });
});

describe(`the slider against a solver (${MEASURED} seeded puzzles, an answer within ${SLIDER_TOLERANCE_PX} px passes)`, () => {
  function measure(strategies: Strategy[], among: 'row' | 'gaps') {
    const chance = seededChance(2026);
    const passed = Object.fromEntries(strategies.map((s) => [s, 0])) as Record<Strategy, number>;
    for (let i = 0; i < MEASURED; i++) {
      const p = makePuzzle(chance);
      const answers = solve(p.background, p.piece, p.y, among === 'gaps' ? p.gaps : undefined);
      for (const s of strategies) if (Math.abs(answers[s] - p.x) <= SLIDER_TOLERANCE_PX) passed[s]++;
    }
    return Object.fromEntries(strategies.map((s) => [s, (100 * passed[s]) / MEASURED])) as Record<Strategy, number>;
  }
  const shown = (rates: Record<string, number>) =>
    Object.entries(rates)
      .map(([s, rate]) => `${s} ${rate.toFixed(1)}%`)
      .join(', ');

  it("the review's solver (the piece against the picture along its row, raw and as edges; the darkest and the most outlined gap-shaped place) passes under 10% of the puzzles", () => {
    const rates = measure(REVIEW_STRATEGIES, 'row');
    console.log(`review's solver, ${MEASURED} puzzles: ${shown(rates)}`);
    for (const rate of Object.values(rates)) expect(rate).toBeLessThan(10);
  }, 120_000);

  it('keeps the cue a person uses: among the gaps, the piece continues the picture best at the true one in most puzzles (an attacker who knows the design can use it too: printed)', () => {
    const amongGaps = measure(['continuityFar'], 'gaps');
    const alongRow = measure(ADAPTED_STRATEGIES, 'row');
    console.log(
      `continuity, ${MEASURED} puzzles: among the gaps ${shown(amongGaps)}; along the row ${shown(alongRow)} (a blind pick among ${PUZZLE.gaps} gaps: ${(100 / PUZZLE.gaps).toFixed(0)}%)`,
    );
    expect(amongGaps.continuityFar).toBeGreaterThan(50);
  }, 120_000);
});
