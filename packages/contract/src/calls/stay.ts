import { z } from 'zod';
import { defineCall } from './define';
import { emptyData, flagField, idField, intField, pageParams, text } from './fields';

/**
 * Stays (docs/stays.md): a lock or a lock group subscribes to iCalendar feeds of reservations
 * (Airbnb, Booking.com, Vrbo, property-management systems); each reservation becomes a passcode
 * valid from check-in minus a buffer to check-out plus a buffer, sent to the guest, revoked when
 * the reservation leaves the feed; each stay has a guest page reached by an unguessable link.
 */

/** The longest feed address taken. */
export const STAY_FEED_URL_MAX = 1000;
/** Feeds one lock or one group may have. */
export const STAY_FEEDS_PER_TARGET_MAX = 10;
/** Feeds one account may have. */
export const STAY_FEEDS_PER_ACCOUNT_MAX = 200;
/** The longest buffer before check-in or after check-out: 24 hours, in minutes. */
export const STAY_BUFFER_MAX_MINUTES = 24 * 60;

/** How a feed's guests are told: not at all, or by the contact the reservation carries (email or SMS). */
export const STAY_NOTIFY = ['none', 'contact'] as const;
export type StayNotify = (typeof STAY_NOTIFY)[number];

/** A feed's last poll: not yet polled, read, or failed (its error says why; nothing was changed). */
export const STAY_FEED_STATES = ['new', 'ok', 'error'] as const;
export type StayFeedState = (typeof STAY_FEED_STATES)[number];

/**
 * A stay: its credential is waiting for its window, in it, past it; the reservation was
 * cancelled or left the feed (credential revoked); or it could not be issued (error says why).
 */
export const STAY_STATES = ['upcoming', 'active', 'ended', 'cancelled', 'failed'] as const;
export type StayState = (typeof STAY_STATES)[number];

/** A feed's address: absolute http(s) (webcal:// is taken as https://); the server adds its own rules. */
const feedUrlField = z
  .string()
  .trim()
  .min(1)
  .max(STAY_FEED_URL_MAX)
  .transform((value) => value.replace(/^webcals?:\/\//i, 'https://'))
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
      } catch {
        return false;
      }
    },
    { message: 'an http, https or webcal address' },
  );

const bufferField = intField.pipe(z.number().int().min(0).max(STAY_BUFFER_MAX_MINUTES));

/** Exactly one of a lock or a lock group. */
export const stayTarget = z.object({ lockId: idField.optional(), groupId: idField.optional() });
export const oneStayTarget = <T extends { lockId?: number | undefined; groupId?: number | undefined }>(value: T) =>
  (value.lockId === undefined) !== (value.groupId === undefined);
export const ONE_STAY_TARGET = { message: 'a lockId or a groupId, not both' };

const feedSettings = {
  name: text(50).default(''),
  url: feedUrlField,
  /** Minutes the code works before check-in. */
  checkInBufferMinutes: bufferField.default(60),
  /** Minutes the code works after check-out. */
  checkOutBufferMinutes: bufferField.default(60),
  notify: z.enum(STAY_NOTIFY).default('contact'),
  /** Whether the guest page offers remote unlock (through the lock's gateway, during the stay). */
  guestRemoteUnlock: flagField.default(false),
};

export const stayFeed = z.object({
  feedId: z.number().int(),
  lockId: z.number().int().nullable(),
  groupId: z.number().int().nullable(),
  /** The lock's or group's name. */
  targetName: z.string(),
  name: z.string(),
  url: z.string(),
  checkInBufferMinutes: z.number().int(),
  checkOutBufferMinutes: z.number().int(),
  notify: z.enum(STAY_NOTIFY),
  guestRemoteUnlock: z.boolean(),
  state: z.enum(STAY_FEED_STATES),
  /** Why the last poll failed, in the caller's language; null when it did not. */
  error: z.string().nullable(),
  lastPolledAt: z.number().nullable(),
  nextPollAt: z.number().nullable(),
  /** Stays the feed holds now (not cancelled, not ended). */
  stayCount: z.number().int(),
  createdAt: z.number(),
});
export type StayFeedItem = z.infer<typeof stayFeed>;

/** A stay's credential on one of its locks. */
export const stayCredential = z.object({
  lockId: z.number().int(),
  lockName: z.string(),
  /** The lock's time zone (ms from UTC): its check-in and check-out are shown at the lock's time. */
  timezoneRawOffset: z.number().int(),
  passcodeId: z.number().int().nullable(),
  passcode: z.string().nullable(),
  /** PasscodeStatus of the passcode (where it stands on the lock); null when none was issued. */
  passcodeStatus: z.string().nullable(),
  /** Why this lock's credential could not be issued, in the caller's language. */
  error: z.string().nullable(),
});
export type StayCredentialItem = z.infer<typeof stayCredential>;

export const stay = z.object({
  stayId: z.number().int(),
  feedId: z.number().int(),
  /** The event's UID in the feed. */
  uid: z.string(),
  /** The event's summary (a guest's name, "Reserved", a booking number...). */
  summary: z.string(),
  guestName: z.string(),
  guestEmail: z.string().nullable(),
  guestPhone: z.string().nullable(),
  /** The guest's language, when the feed or the guest's account tells it; else the owner's. */
  guestLocale: z.string(),
  checkIn: z.number(),
  checkOut: z.number(),
  /** The credentials' window: check-in minus the buffer to check-out plus the buffer. */
  validFrom: z.number(),
  validTo: z.number(),
  state: z.enum(STAY_STATES),
  /** Why it could not be issued, in the caller's language. */
  error: z.string().nullable(),
  credentials: z.array(stayCredential),
  /** The guest page, until the window ends; null once cancelled or ended. */
  guestUrl: z.string().nullable(),
  updatedAt: z.number(),
});
export type StayItem = z.infer<typeof stay>;

export const feedList = defineCall({
  path: '/stay/feedList',
  method: 'GET',
  auth: 'session',
  summary: "The calendar feeds of the caller's locks and groups (of one lock or group when given), oldest first.",
  params: stayTarget,
  data: z.object({ list: z.array(stayFeed) }),
});

export const feedAdd = defineCall({
  path: '/stay/feedAdd',
  method: 'POST',
  auth: 'session',
  summary:
    'Subscribe a lock or a lock group to an iCalendar feed of reservations; it is read at once and then every 15 minutes or so. A feed that cannot be read or parsed keeps its error and changes nothing.',
  params: stayTarget.extend(feedSettings).refine(oneStayTarget, ONE_STAY_TARGET),
  data: z.object({ feed: stayFeed }),
});

export const feedUpdate = defineCall({
  path: '/stay/feedUpdate',
  method: 'POST',
  auth: 'session',
  summary:
    "Change a feed's address, name, buffers, how guests are told and guest remote unlock; the stays' windows follow at the next read.",
  params: z.object({ feedId: idField, ...feedSettings }),
  data: z.object({ feed: stayFeed }),
});

export const feedDelete = defineCall({
  path: '/stay/feedDelete',
  method: 'POST',
  auth: 'session',
  summary: "Unsubscribe: the feed's stays end and their credentials are revoked on the locks.",
  params: z.object({ feedId: idField }),
  data: emptyData,
});

export const feedPoll = defineCall({
  path: '/stay/feedPoll',
  method: 'POST',
  auth: 'session',
  summary:
    'Read a feed now (as its schedule would): new reservations issued, moved ones changed, removed or cancelled ones revoked.',
  params: z.object({ feedId: idField }),
  data: z.object({
    feed: stayFeed,
    added: z.number().int(),
    moved: z.number().int(),
    removed: z.number().int(),
  }),
});

export const list = defineCall({
  path: '/stay/list',
  method: 'GET',
  auth: 'session',
  summary: "The stays of the caller's feeds (of one feed or lock when given), by check-in.",
  params: z.object({
    feedId: idField.optional(),
    lockId: idField.optional(),
    state: z.enum(STAY_STATES).optional(),
    ...pageParams,
  }),
  data: z.object({ list: z.array(stay), total: z.number().int() }),
});
