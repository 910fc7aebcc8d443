/**
 * The slider check's drag, as the console records it and /user/isSliderValid receives it
 * (`track`): the piece's x over time, with the pointer's vertical wander for a pointer drag or
 * "k" for a key press. The server refuses a drag no hand makes (sliderService, dragCheck.ts).
 *
 * Wire form: points separated by ";", each "t,x,y": t milliseconds since the first point
 * (integer), x the piece's left edge (integer px), y the pointer's height against where the drag
 * began (px, one decimal) or "k".
 */

export interface TrackPoint {
  t: number;
  x: number;
  /** The pointer's height against the drag's start; null for a key press. */
  y: number | null;
}

export const SLIDER_TRACK = {
  /** The most points a track carries: the console thins a longer drag to this many. */
  maxPoints: 200,
  /** The longest wire form (200 points of "65535,-999,-99.9;"). */
  maxChars: 4000,
  /** The longest drag kept, in ms (a puzzle lives 2 minutes). */
  maxMs: 120_000,
} as const;

const POINT = /^(\d{1,6}),(-?\d{1,4}),(-?\d{1,4}(?:\.\d)?|k)$/;

export function encodeSliderTrack(points: readonly TrackPoint[]): string {
  return points
    .map(({ t, x, y }) => `${Math.round(t)},${Math.round(x)},${y === null ? 'k' : Number(y.toFixed(1))}`)
    .join(';');
}

/** The points of a wire-form track, or undefined when it is malformed, too long or goes back in time. */
export function parseSliderTrack(text: string): TrackPoint[] | undefined {
  if (!text || text.length > SLIDER_TRACK.maxChars) return undefined;
  const parts = text.split(';');
  if (parts.length > SLIDER_TRACK.maxPoints) return undefined;
  const points: TrackPoint[] = [];
  for (const part of parts) {
    const match = POINT.exec(part);
    if (!match) return undefined;
    const point = { t: Number(match[1]), x: Number(match[2]), y: match[3] === 'k' ? null : Number(match[3]) };
    const last = points[points.length - 1];
    if (point.t > SLIDER_TRACK.maxMs || (last && point.t < last.t)) return undefined;
    points.push(point);
  }
  return points;
}

/** At most `max` points: the first, the last and evenly spaced ones between. */
export function thinTrack(points: readonly TrackPoint[], max: number = SLIDER_TRACK.maxPoints): TrackPoint[] {
  if (points.length <= max) return [...points];
  const step = (points.length - 1) / (max - 1);
  return Array.from({ length: max }, (_, i) => points[Math.round(i * step)] as TrackPoint);
}
