import { z } from 'zod';
import { defineCall } from './define';
import { emptyData, idField, remarkText } from './fields';
import { ONE_STAY_TARGET, oneStayTarget, stayTarget } from './stay';

/**
 * A stay's guest page (docs/stays.md, "The guest page"): reached without logging in by an
 * unguessable link that ends with the stay's window or its revocation, in the guest's language
 * and the brand's look; and the arrival instructions owners write per lock or group for it.
 */

/** The longest arrival instructions. */
export const STAY_INSTRUCTIONS_MAX = 2000;
/** The path of a stay's guest page on the console (the token follows as `?token=`). */
export const STAY_GUEST_PATH = '/stay';

/** A stay's guest page address on the console at `origin`. */
export function stayGuestUrl(origin: string, token: string): string {
  const url = new URL(STAY_GUEST_PATH, origin);
  url.searchParams.set('token', token);
  return url.toString();
}

export const instructions = defineCall({
  path: '/stay/instructions',
  method: 'GET',
  auth: 'session',
  summary: "A lock's or group's arrival instructions for guests.",
  params: stayTarget.refine(oneStayTarget, ONE_STAY_TARGET),
  data: z.object({ text: z.string() }),
});

export const setInstructions = defineCall({
  path: '/stay/setInstructions',
  method: 'POST',
  auth: 'session',
  summary:
    "Write a lock's or group's arrival instructions, shown on its stays' guest pages (a lock's own before its group's; empty removes them).",
  params: stayTarget.extend({ text: remarkText(STAY_INSTRUCTIONS_MAX) }).refine(oneStayTarget, ONE_STAY_TARGET),
  data: emptyData,
});

/** One of the stay's locks as the guest sees it. */
export const guestLock = z.object({
  lockId: z.number().int(),
  lockName: z.string(),
  /** The code to type; null while it could not be issued. */
  passcode: z.string().nullable(),
  /** The lock's offset from UTC, so times show at the lock. */
  timezoneRawOffset: z.number().int(),
  /** What the lock's QR reader takes, when the lock reads QR codes. */
  qrCode: z.string().nullable(),
  /** Arrival instructions: the lock's own, else its group's. */
  instructions: z.string(),
  /** Remote unlock is offered: the owner allows it, the lock has a gateway, the stay is in its window. */
  canUnlock: z.boolean(),
});

export const guestPage = z.object({
  brandName: z.string(),
  guestName: z.string(),
  /** The guest's language (the page's, unless the guest chooses another). */
  locale: z.string(),
  validFrom: z.number(),
  validTo: z.number(),
  locks: z.array(guestLock),
});
export type StayGuestPage = z.infer<typeof guestPage>;
export type StayGuestLock = z.infer<typeof guestLock>;

const guestToken = z
  .string()
  .trim()
  .min(16)
  .max(200)
  .regex(/^[A-Za-z0-9_.-]+$/);

export const guest = defineCall({
  path: '/stay/guest',
  method: 'GET',
  auth: 'public',
  summary:
    'A stay\'s guest page: each lock\'s code, the window at the lock, the QR code, arrival instructions. An unknown, revoked or expired link gives "stay link invalid".',
  params: z.object({ token: guestToken }),
  data: guestPage,
});

export const guestUnlock = defineCall({
  path: '/stay/guestUnlock',
  method: 'POST',
  auth: 'public',
  summary:
    "Unlock one of the stay's locks from its guest page (when the owner allows it, within the stay's window), answered once the operation has ended.",
  params: z.object({ token: guestToken, lockId: idField }),
  data: z.object({ success: z.boolean() }),
});
