import { encodeSliderTrack, type TrackPoint, thinTrack } from '@smartlock/contract';

/**
 * A simple model of a person answering the slider, who knows where the gap is (tests read the
 * answer from the server): the drags the console records for a hand on a mouse or a finger on a
 * screen, and for someone using the arrow keys. Used to show the drag checks let people through.
 */

/** A small seeded generator (mulberry32), so a failing person can be replayed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const normal = (random: () => number) => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());

/**
 * A pointer drag from the piece's start to `target`: a minimum-jerk reach lasting 0.4 to 2.5 s
 * (sometimes past the gap and back), tremor, the pointer wandering up and down, frames at about
 * 60 per second with the odd late one, a pause before letting go; ends within 2 px of the
 * target (on it when `exact`).
 */
export function pointerDrag(
  target: number,
  maxX: number,
  random: () => number = Math.random,
  exact = false,
): TrackPoint[] {
  const reach = 400 + random() * 2100;
  const overshoot = random() < 0.4 ? (random() < 0.5 ? -1 : 1) * (3 + random() * 10) : 0;
  const correct = overshoot ? 200 + random() * 500 : 0;
  const settle = 80 + random() * 400;
  const miss = exact ? 0 : Math.round((random() - 0.5) * 4);
  const end = Math.min(maxX, Math.max(0, target + miss));
  const points: TrackPoint[] = [];
  let t = 0;
  let y = 0;
  const ease = (u: number) => 10 * u ** 3 - 15 * u ** 4 + 6 * u ** 5;
  while (t <= reach + correct + settle) {
    let x: number;
    if (t < reach) x = (end + overshoot) * ease(t / reach);
    else if (t < reach + correct) x = end + overshoot * (1 - ease((t - reach) / correct));
    else x = end;
    if (t < reach + correct) x += normal(random) * 0.6;
    y += normal(random) * 0.45 + (random() < 0.02 ? normal(random) * 2 : 0);
    points.push({ t: Math.round(t), x: Math.min(maxX, Math.max(0, Math.round(x))), y: Math.round(y * 10) / 10 });
    t += random() < 0.05 ? 33 : 16.7 + normal(random) * 1.5;
  }
  points.push({ t: Math.round(t), x: end, y: Math.round(y * 10) / 10 });
  return points;
}

/**
 * The arrow keys: a press, then the key held (auto-repeat after about half a second, about 30
 * presses a second) until near the gap, a look, and single taps to settle on it.
 */
export function keyboardDrag(target: number, random: () => number = Math.random): TrackPoint[] {
  const points: TrackPoint[] = [];
  const stopAt = Math.max(1, target + Math.round((random() - 0.3) * 8));
  let t = 0;
  let x = 1;
  points.push({ t, x, y: null });
  t += 450 + random() * 150;
  const repeat = 30 + random() * 6;
  while (x < stopAt) {
    x += 1;
    points.push({ t: Math.round(t), x, y: null });
    t += repeat + (random() - 0.5) * 2;
  }
  t += 300 + random() * 700;
  while (x !== target) {
    x += x < target ? 1 : -1;
    points.push({ t: Math.round(t), x, y: null });
    t += 150 + random() * 300;
  }
  return points;
}

/** The wire form the console sends: thinned to the limit. */
export function trackOf(points: TrackPoint[]): string {
  return encodeSliderTrack(thinTrack(points));
}

/** How long the person took, first point to last (ms). */
export function durationOf(points: TrackPoint[]): number {
  return (points.at(-1)?.t ?? 0) - (points[0]?.t ?? 0);
}
