import { parseSliderTrack, type TrackPoint } from '@smartlock/contract';

/**
 * What a drag must look like to count as a person's, kept lenient: a hand is slow to start and
 * to stop, wanders up and down, and takes a moment; a script sends nothing, jumps, glides at
 * one speed or along a ruler. Keys (the console's keyboard path) are held and tapped.
 */
export const DRAG_RULES = {
  /** The shortest drag, in ms. */
  minMs: 250,
  /** Pointer points (60 per second in a browser) a drag has at least. */
  minPointerPoints: 5,
  /** From this many pointer points on, the pointer must have moved up or down at least once. */
  jitterFromPoints: 8,
  /** Speeds along the drag must vary at least this much (standard deviation / mean)... */
  minSpeedVariation: 0.15,
  /** ...measured over stretches of at least this many ms. */
  speedSpanMs: 50,
  /** Intervals between key presses must vary at least this much (standard deviation / mean). */
  minKeyVariation: 0.05,
  /** The most a key press moves the piece (an arrow is 1 px); Home and End jump to the ends. */
  maxKeyStepPx: 10,
  /** How far the drag's last x may be from the answer sent with it. */
  endSlackPx: 2,
  /** A drag may claim at most this much more time than passed on the server since the puzzle was served (ms). */
  clockSlackMs: 1500,
} as const;

export type DragVerdict =
  | { ok: true }
  | {
      ok: false;
      reason:
        | 'missing'
        | 'malformed'
        | 'instant'
        | 'endsElsewhere'
        | 'tooFew'
        | 'steady'
        | 'ruled'
        | 'outlasts'
        | 'leaps';
    };

const variation = (values: number[]) => {
  if (values.length < 2) return 0;
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  if (mean === 0) return 0;
  const spread = Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / values.length);
  return spread / mean;
};

/**
 * Judges the drag that gave answer `x` on a slider from 0 to `maxX`; `servedMs` is how long ago
 * the puzzle was served, by the server's clock (a drag cannot have lasted longer).
 */
export function checkDrag(track: string | undefined, x: number, maxX: number, servedMs: number): DragVerdict {
  if (!track) return { ok: false, reason: 'missing' };
  const points = parseSliderTrack(track);
  if (!points || points.length < 2) return { ok: false, reason: 'malformed' };
  const first = points[0] as TrackPoint;
  const last = points[points.length - 1] as TrackPoint;
  const duration = last.t - first.t;
  if (duration < DRAG_RULES.minMs) return { ok: false, reason: 'instant' };
  if (duration > servedMs + DRAG_RULES.clockSlackMs) return { ok: false, reason: 'outlasts' };
  if (Math.abs(last.x - x) > DRAG_RULES.endSlackPx) return { ok: false, reason: 'endsElsewhere' };

  const pointer = points.filter((p) => p.y !== null);
  const keys = points.filter((p) => p.y === null);
  if (pointer.length > 0) {
    if (pointer.length < DRAG_RULES.minPointerPoints && keys.length === 0) return { ok: false, reason: 'tooFew' };
    if (pointer.length >= DRAG_RULES.jitterFromPoints && new Set(pointer.map((p) => p.y)).size < 2) {
      return { ok: false, reason: 'ruled' };
    }
    // Speeds over stretches of at least 50 ms, so whole-pixel and whole-millisecond rounding does not count as variation.
    const speeds: number[] = [];
    let from = pointer[0] as TrackPoint;
    for (const p of pointer.slice(1)) {
      if (p.t - from.t < DRAG_RULES.speedSpanMs) continue;
      speeds.push(Math.abs(p.x - from.x) / (p.t - from.t));
      from = p;
    }
    if (speeds.length >= 3 && variation(speeds) < DRAG_RULES.minSpeedVariation) return { ok: false, reason: 'steady' };
  }
  for (let i = 1; i < points.length; i++) {
    const p = points[i] as TrackPoint;
    const step = Math.abs(p.x - (points[i - 1] as TrackPoint).x);
    if (p.y === null && step > DRAG_RULES.maxKeyStepPx && p.x !== 0 && p.x !== maxX)
      return { ok: false, reason: 'leaps' };
  }
  if (keys.length >= 5) {
    const gaps = keys.slice(1).map((p, i) => p.t - (keys[i] as TrackPoint).t);
    if (variation(gaps) < DRAG_RULES.minKeyVariation) return { ok: false, reason: 'steady' };
  }
  return { ok: true };
}
