import { describe, expect, it } from 'vitest';
import { encodeSliderTrack, parseSliderTrack, SLIDER_TRACK, type TrackPoint, thinTrack } from './sliderTrack';

describe('slider drag tracks', () => {
  it('reads back what it writes: pointer points with their height, key presses as "k"', () => {
    const points: TrackPoint[] = [
      { t: 0, x: 0, y: 0 },
      { t: 16.4, x: 3.6, y: -0.25 },
      { t: 900, x: 120, y: null },
    ];
    const text = encodeSliderTrack(points);
    expect(text).toBe('0,0,0;16,4,-0.3;900,120,k');
    expect(parseSliderTrack(text)).toEqual([
      { t: 0, x: 0, y: 0 },
      { t: 16, x: 4, y: -0.3 },
      { t: 900, x: 120, y: null },
    ]);
  });

  it.each([
    ['empty', ''],
    ['a malformed point', '0,0,0;12,x,1'],
    ['time going back', '0,0,0;20,5,1;10,6,1'],
    ['a drag longer than a puzzle lives', `0,0,0;${SLIDER_TRACK.maxMs + 1},5,1`],
    ['too many points', Array.from({ length: SLIDER_TRACK.maxPoints + 1 }, (_, i) => `${i},${i},0`).join(';')],
  ])('refuses %s', (_label, text) => {
    expect(parseSliderTrack(text)).toBeUndefined();
  });

  it('thins a long drag to the limit, keeping its first and last points, and fits the wire limit', () => {
    const long = Array.from({ length: 1000 }, (_, i) => ({ t: i * 16 + 100_000, x: -999 + i, y: -99.9 }));
    const thin = thinTrack(long);
    expect(thin).toHaveLength(SLIDER_TRACK.maxPoints);
    expect(thin[0]).toBe(long[0]);
    expect(thin.at(-1)).toBe(long.at(-1));
    expect(encodeSliderTrack(thin.map((p) => ({ ...p, t: 110_000 }))).length).toBeLessThanOrEqual(
      SLIDER_TRACK.maxChars,
    );
  });
});
