import type { Reservation } from './reservations';

/** A stay as the diff needs it. */
export interface KnownStay {
  id: number;
  uid: string;
  /** 'live', 'cancelled' or 'failed' (stays table). */
  state: string;
  checkIn: number;
  checkOut: number;
  validFrom: number;
  validTo: number;
}

/** A stay's credentials' window: check-in minus its buffer to check-out plus its buffer. */
export interface Buffers {
  checkInBufferMinutes: number;
  checkOutBufferMinutes: number;
}

export function windowOf(reservation: Pick<Reservation, 'checkIn' | 'checkOut'>, buffers: Buffers) {
  return {
    validFrom: reservation.checkIn - buffers.checkInBufferMinutes * 60_000,
    validTo: reservation.checkOut + buffers.checkOutBufferMinutes * 60_000,
  };
}

/** What a read of a feed changes. */
export interface StayDiff {
  /** New UIDs (and cancelled stays whose reservation is back): a stay and credentials each. */
  added: Reservation[];
  /** Stays whose dates or window changed (the buffers too): their credentials' validity follows. */
  moved: { stay: KnownStay; reservation: Reservation }[];
  /** Stays whose UID left the feed or whose reservation is cancelled: their credentials are revoked. */
  removed: KnownStay[];
  /** Stays whose reservation is unchanged: their guest details are refreshed. */
  kept: { stay: KnownStay; reservation: Reservation }[];
}

/**
 * The diff between a feed's stays and what the feed holds now. A UID that is gone from the feed,
 * or cancelled, removes its stay; a reservation that ended long ago (left out of the reading but
 * still in `uids`) is not a removal.
 */
export function diffStays(
  known: KnownStay[],
  reservations: Reservation[],
  uids: Set<string>,
  buffers: Buffers,
): StayDiff {
  const byUid = new Map(known.map((stay) => [stay.uid, stay]));
  const diff: StayDiff = { added: [], moved: [], removed: [], kept: [] };
  const seen = new Set<string>();
  for (const reservation of reservations) {
    seen.add(reservation.uid);
    const stay = byUid.get(reservation.uid);
    if (reservation.cancelled) {
      if (stay && stay.state !== 'cancelled') diff.removed.push(stay);
      continue;
    }
    if (!stay || stay.state === 'cancelled') {
      diff.added.push(reservation);
      continue;
    }
    const window = windowOf(reservation, buffers);
    const changed =
      stay.checkIn !== reservation.checkIn ||
      stay.checkOut !== reservation.checkOut ||
      stay.validFrom !== window.validFrom ||
      stay.validTo !== window.validTo;
    (changed ? diff.moved : diff.kept).push({ stay, reservation });
  }
  for (const stay of known) {
    if (stay.state === 'cancelled' || seen.has(stay.uid) || uids.has(stay.uid)) continue;
    diff.removed.push(stay);
  }
  return diff;
}
