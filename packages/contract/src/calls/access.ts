import { z } from 'zod';
import { eKeyCycleSchema } from '../credentials/eKeyCredential';
import { pageSchema } from '../envelope';
import { passagePeriodSchema } from '../validation/passageMode';
import { defineCall } from './define';
import { idField, intField, pageParams, requiredText } from './fields';
import { lockUserCredential } from './lockUser';
import { epochField } from './validityFields';

/**
 * Access at a moment (docs/governance.md): who and what can open a lock, the locks of a group,
 * or what one person can open, at a moment or at any moment of a range, among the locks the
 * caller manages. Every credential kind in one vocabulary (the lock users' rows), with the weekly
 * cycle that admitted it, and the locks whose passage mode lets anyone in then.
 */

/** The longest range one question may span, in days (accessWindowExceeded beyond it). */
export const ACCESS_WINDOW_MAX_DAYS = 31;
/** The most locks in passage mode one answer lists (passageLockCount counts them all). */
export const ACCESS_PASSAGE_LOCKS_MAX = 200;

/** A moment (startDate alone) or the range [startDate, endDate). */
const when = {
  /** The moment asked about, or the range's start, epoch ms. */
  startDate: epochField,
  /** The range's end (exclusive), epoch ms; at most ACCESS_WINDOW_MAX_DAYS after startDate. */
  endDate: epochField.optional(),
};

const inOrder = (p: { startDate: number; endDate?: number | undefined }) =>
  p.endDate === undefined || p.endDate > p.startDate;
const ORDER = { path: ['endDate'], message: 'endDate must follow startDate' };

/** One credential that opens: the lock users' row, its person and lock, and the cycle that admits it. */
export const accessItem = lockUserCredential.extend({
  /** The person's key (lock users' `lockUser`): the account, or the name trimmed and case folded; empty when nameless. */
  lockUser: z.string(),
  /** The account, or the name as written. */
  userName: z.string(),
  lockId: z.number().int(),
  lockAlias: z.string(),
  /** The lock's timezone offset in ms: its cycles are in the lock's time. */
  timezoneRawOffset: z.number().int(),
  /** The weekly cycle (lock-local weekdays 1 Monday to 7 Sunday, minutes) a cyclic credential opens in; a cyclic passcode's hours as minutes. */
  cycle: eKeyCycleSchema.nullable(),
});
export type AccessItem = z.infer<typeof accessItem>;

/** A lock in passage mode at the moment (or at some moment of the range): anyone opens it then. */
export const accessPassageLock = z.object({
  lockId: z.number().int(),
  lockAlias: z.string(),
  timezoneRawOffset: z.number().int(),
  /** All-day passage: the whole of each period's weekdays (every day when no period). */
  allDay: z.boolean(),
  periods: z.array(passagePeriodSchema),
});
export type AccessPassageLock = z.infer<typeof accessPassageLock>;

export const accessAnswer = z.object({
  list: z.array(accessItem),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
  /** The locks of the question in passage mode then (at most ACCESS_PASSAGE_LOCKS_MAX, by name). */
  passageLocks: z.array(accessPassageLock),
  passageLockCount: z.number().int(),
});
export type AccessAnswer = z.infer<typeof accessAnswer>;

const RULES = `Eligible: eKeys in force (normal or updating; not frozen, overdue, leaving or gone), passcodes, cards, fingerprints, faces, palm veins, QR codes and key fobs the lock holds (normal, or an update or deletion pending or failed; not lost, deleted, erased, being added), each within its validity and its weekly cycle in the lock's timezone. A range (at most ${ACCESS_WINDOW_MAX_DAYS} days, accessWindowExceeded) answers what opens at any moment of it. Passage mode on then is listed in passageLocks.`;

export const lockAccess = defineCall({
  path: '/access/lock',
  method: 'GET',
  auth: 'session',
  summary: `Who can open a lock the caller manages at a moment (startDate) or during [startDate, endDate): every credential that opens it, by person, paged. ${RULES}`,
  params: z.object({ lockId: idField, ...when, ...pageParams }).refine(inOrder, ORDER),
  data: accessAnswer,
});

export const groupAccess = defineCall({
  path: '/access/group',
  method: 'GET',
  auth: 'session',
  summary: `Who can open the locks of one of the caller's groups (those the caller manages) at a moment or during a range, by lock then person, paged. ${RULES}`,
  params: z.object({ groupId: idField, ...when, ...pageParams }).refine(inOrder, ORDER),
  data: accessAnswer,
});

export const personAccess = defineCall({
  path: '/access/person',
  method: 'GET',
  auth: 'session',
  summary: `What one lock user (an account, or a credential's name, as /user/listKeyUser knows them) can open among the locks the caller manages, at a moment or during a range, by lock, paged; passageLocks: the caller's locks anyone can open then. ${RULES}`,
  params: z.object({ lockUser: requiredText(200), ...when, ...pageParams }).refine(inOrder, ORDER),
  data: accessAnswer,
});

/** Access review (docs/governance.md): the days of disuse asked about, 90 unless chosen. */
export const REVIEW_DAYS_DEFAULT = 90;
export const REVIEW_DAYS_MAX = 3650;
const reviewDays = intField.pipe(z.number().int().min(1).max(REVIEW_DAYS_MAX)).default(REVIEW_DAYS_DEFAULT);

/** Why a credential is on the review's list of people who are gone. */
export const ReviewReason = { deleted: 'deleted', unregistered: 'unregistered' } as const;
export type ReviewReason = (typeof ReviewReason)[keyof typeof ReviewReason];

/** One credential to review: the lock users' row, its person and lock, and what put it on the list. */
export const reviewItem = lockUserCredential.extend({
  lockUser: z.string(),
  userName: z.string(),
  lockId: z.number().int(),
  lockAlias: z.string(),
  timezoneRawOffset: z.number().int(),
  /** When it was issued, epoch ms. */
  createdAt: z.number(),
  /** Its last unlock in the lock's records, epoch ms; null when never. */
  lastUsedAt: z.number().nullable(),
  /** An administrator's last login, epoch ms; null when never (or not asked). */
  lastLoginAt: z.number().nullable(),
  /** For people who are gone: their account was deleted, or never registered. */
  reason: z.enum([ReviewReason.deleted, ReviewReason.unregistered]).nullable(),
});
export type ReviewItem = z.infer<typeof reviewItem>;

export const reviewUnused = defineCall({
  path: '/access/reviewUnused',
  method: 'GET',
  auth: 'session',
  summary: `Access review: permanent credentials (eKeys, passcodes, cards, fingerprints, faces, palm veins, QR codes, key fobs) on the locks the caller manages, issued at least \`days\` days ago (1 to ${REVIEW_DAYS_MAX}, default ${REVIEW_DAYS_DEFAULT}) and not used to open in that time by the locks' records; never used first, then the longest unused.`,
  params: z.object({ days: reviewDays, ...pageParams }),
  data: pageSchema(reviewItem),
});

export const reviewGone = defineCall({
  path: '/access/reviewGone',
  method: 'GET',
  auth: 'session',
  summary:
    "Access review: eKeys on the locks the caller manages whose holder's account was deleted, or that wait for an account never registered; by lock name.",
  params: z.object({ ...pageParams }),
  data: pageSchema(reviewItem),
});

export const reviewAdmins = defineCall({
  path: '/access/reviewAdmins',
  method: 'GET',
  auth: 'session',
  summary: `Access review: the authorized administrators of the locks the caller owns (their administrator eKeys) who have not logged in for \`days\` days (1 to ${REVIEW_DAYS_MAX}, default ${REVIEW_DAYS_DEFAULT}); never first, then the longest away.`,
  params: z.object({ days: reviewDays, ...pageParams }),
  data: pageSchema(reviewItem),
});
