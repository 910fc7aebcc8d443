import { parseSliderTrack, SLIDER_TRACK } from '@smartlock/contract';
import { describe, expect, it } from 'vitest';
import { DragTrack } from './dragTrack';

describe('the slider drag recorder', () => {
  it('records a pointer drag: the piece x at each move, the pointer height against the start, time from the first point', () => {
    const track = new DragTrack();
    track.pointerDown(400, 1000);
    track.moved(12.4, 1016);
    track.pointerMove(401.5, 1017);
    track.moved(40, 1033);
    track.pointerMove(399, 1034);
    expect(parseSliderTrack(track.encode())).toEqual([
      { t: 0, x: 0, y: 0 },
      { t: 16, x: 12, y: 0 },
      { t: 17, x: 12, y: 1.5 },
      { t: 33, x: 40, y: 1.5 },
      { t: 34, x: 40, y: -1 },
    ]);
  });

  it('records key presses as "k", and a drag finished with the keys', () => {
    const track = new DragTrack();
    track.pointerDown(300, 0);
    track.moved(100, 400);
    track.keyDown();
    track.moved(101, 900);
    track.pointerMove(310, 950);
    expect(parseSliderTrack(track.encode())).toEqual([
      { t: 0, x: 0, y: 0 },
      { t: 400, x: 100, y: 0 },
      { t: 900, x: 101, y: null },
    ]);
    expect(track.input).toBe('key');
  });

  it('starts over on reset, and thins a long drag to what the contract takes', () => {
    const track = new DragTrack();
    track.pointerDown(0, 0);
    for (let i = 1; i <= 1000; i++) {
      track.pointerMove(i % 3, i * 16);
      track.moved(i / 4, i * 16 + 1);
    }
    const points = parseSliderTrack(track.encode());
    expect(points).toHaveLength(SLIDER_TRACK.maxPoints);
    expect(points?.at(-1)).toMatchObject({ x: 250 });
    track.reset();
    track.keyDown();
    track.moved(1, 5000);
    expect(parseSliderTrack(track.encode())).toEqual([{ t: 0, x: 1, y: null }]);
  });
});
