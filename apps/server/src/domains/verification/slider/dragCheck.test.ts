import { encodeSliderTrack, type TrackPoint } from '@smartlock/contract';
import { describe, expect, it } from 'vitest';
import { durationOf, keyboardDrag, pointerDrag, seededRandom, trackOf } from '../../../test/humanDrag';
import { checkDrag } from './dragCheck';

const MAX_X = 264;
/** Served long enough ago for any of these drags. */
const SERVED = 60_000;

describe('slider drag check', () => {
  it('lets 2000 simulated people through: 1000 dragging a pointer, 1000 using the arrow keys', () => {
    const random = seededRandom(2026);
    const refused: string[] = [];
    for (let i = 0; i < 1000; i++) {
      const target = 56 + Math.floor(random() * (MAX_X - 56));
      const drag = pointerDrag(target, MAX_X, random);
      const keys = keyboardDrag(target, random);
      const dragVerdict = checkDrag(trackOf(drag), drag.at(-1)?.x ?? 0, MAX_X, SERVED);
      const keysVerdict = checkDrag(trackOf(keys), target, MAX_X, SERVED);
      if (!dragVerdict.ok) refused.push(`pointer #${i}: ${dragVerdict.reason}`);
      if (!keysVerdict.ok) refused.push(`keys #${i}: ${keysVerdict.reason}`);
    }
    console.log(`drag check: ${2000 - refused.length} of 2000 simulated people pass`);
    expect(refused).toEqual([]);
  });

  it('lets a person through who drags and then settles with the keys', () => {
    const drag = pointerDrag(150, MAX_X, seededRandom(7));
    const last = drag.at(-1) as TrackPoint;
    const mixed = [...drag, { t: last.t + 400, x: last.x + 1, y: null }, { t: last.t + 700, x: last.x + 2, y: null }];
    expect(checkDrag(encodeSliderTrack(mixed), last.x + 2, MAX_X, SERVED)).toEqual({ ok: true });
  });

  const linear = (to: number, ms: number, points: number, y: (i: number) => number | null = () => 0) =>
    Array.from({ length: points }, (_, i) => ({
      t: Math.round((ms * i) / (points - 1)),
      x: Math.round((to * i) / (points - 1)),
      y: y(i),
    }));

  it.each([
    ['no drag at all', undefined, 'missing'],
    ['a malformed drag', 'left,right', 'malformed'],
    ['a single point', '0,150,0', 'malformed'],
    ['a jump to the answer', encodeSliderTrack(linear(150, 40, 4, (i) => i % 2)), 'instant'],
    ['a glide at one speed', encodeSliderTrack(linear(150, 900, 55, (i) => (i % 5 === 0 ? 1 : 0))), 'steady'],
    [
      'a drag along a ruler (never up or down)',
      trackOf(pointerDrag(150, MAX_X, seededRandom(3)).map((p) => ({ ...p, y: 0 }))),
      'ruled',
    ],
    ['two pointer points', encodeSliderTrack(linear(150, 800, 2, (i) => i)), 'tooFew'],
    ['keys pressed like a clock', encodeSliderTrack(linear(150, 4500, 150, () => null)), 'steady'],
    [
      'keys that leap',
      encodeSliderTrack([
        { t: 0, x: 0, y: null },
        { t: 300, x: 80, y: null },
        { t: 700, x: 150, y: null },
      ]),
      'leaps',
    ],
  ])('refuses %s', (_label, track, reason) => {
    const verdict = checkDrag(track, 150, MAX_X, SERVED);
    expect(verdict).toEqual({ ok: false, reason });
  });

  it('refuses a drag that ends away from the answer sent with it', () => {
    const drag = pointerDrag(150, MAX_X, seededRandom(11));
    expect(checkDrag(trackOf(drag), (drag.at(-1)?.x ?? 0) + 20, MAX_X, SERVED)).toEqual({
      ok: false,
      reason: 'endsElsewhere',
    });
  });

  it('refuses a drag longer than the time since the puzzle was served', () => {
    const drag = pointerDrag(150, MAX_X, seededRandom(5));
    const x = drag.at(-1)?.x ?? 0;
    expect(checkDrag(trackOf(drag), x, MAX_X, durationOf(drag) + 1000)).toEqual({ ok: true });
    expect(checkDrag(trackOf(drag), x, MAX_X, 200)).toEqual({ ok: false, reason: 'outlasts' });
  });

  it('lets keys jump to either end (Home, End)', () => {
    const keys = [
      { t: 0, x: MAX_X, y: null },
      { t: 350, x: MAX_X - 1, y: null },
      { t: 800, x: 0, y: null },
      { t: 1100, x: 1, y: null },
    ];
    expect(checkDrag(encodeSliderTrack(keys), 1, MAX_X, SERVED)).toEqual({ ok: true });
  });
});
