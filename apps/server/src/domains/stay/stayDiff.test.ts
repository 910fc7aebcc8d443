import { describe, expect, it } from 'vitest';
import type { Reservation } from './reservations';
import { diffStays, type KnownStay, windowOf } from './stayDiff';

const HOUR = 3_600_000;
const buffers = { checkInBufferMinutes: 60, checkOutBufferMinutes: 30 };

function reservation(uid: string, checkIn: number, extra: Partial<Reservation> = {}): Reservation {
  return {
    uid,
    summary: 'Reserved',
    guestName: '',
    email: null,
    phone: null,
    locale: undefined,
    checkIn,
    checkOut: checkIn + 48 * HOUR,
    cancelled: false,
    ...extra,
  };
}

function known(id: number, r: Reservation, state = 'live'): KnownStay {
  return { id, uid: r.uid, state, checkIn: r.checkIn, checkOut: r.checkOut, ...windowOf(r, buffers) };
}

describe('the diff of a feed read against its stays', () => {
  const a = reservation('a', 100 * HOUR);
  const b = reservation('b', 200 * HOUR);

  it('adds new UIDs, keeps unchanged ones', () => {
    const diff = diffStays([known(1, a)], [a, b], new Set(['a', 'b']), buffers);
    expect(diff.added.map((r) => r.uid)).toEqual(['b']);
    expect(diff.kept.map((k) => k.stay.id)).toEqual([1]);
    expect(diff.moved).toEqual([]);
    expect(diff.removed).toEqual([]);
  });

  it('moves a stay whose dates changed, or whose window changed with the buffers', () => {
    const moved = { ...a, checkOut: a.checkOut + 24 * HOUR };
    expect(diffStays([known(1, a)], [moved], new Set(['a']), buffers).moved.map((m) => m.stay.id)).toEqual([1]);
    const wider = { checkInBufferMinutes: 120, checkOutBufferMinutes: 30 };
    expect(diffStays([known(1, a)], [a], new Set(['a']), wider).moved).toHaveLength(1);
  });

  it('removes a stay whose UID left the feed, or whose reservation is cancelled', () => {
    const gone = diffStays([known(1, a), known(2, b)], [a], new Set(['a']), buffers);
    expect(gone.removed.map((s) => s.id)).toEqual([2]);
    const cancelled = diffStays([known(1, a)], [{ ...a, cancelled: true }], new Set(['a']), buffers);
    expect(cancelled.removed.map((s) => s.id)).toEqual([1]);
  });

  it('leaves alone a stay that ended long ago (still in the feed, out of reach) and one already cancelled', () => {
    const diff = diffStays([known(1, a), known(2, b, 'cancelled')], [], new Set(['a']), buffers);
    expect(diff.removed).toEqual([]);
  });

  it('adds again a cancelled stay whose reservation is back', () => {
    const diff = diffStays([known(2, b, 'cancelled')], [b], new Set(['b']), buffers);
    expect(diff.added.map((r) => r.uid)).toEqual(['b']);
  });
});
