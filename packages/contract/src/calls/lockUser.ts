import { z } from 'zod';
import { pageSchema } from '../envelope';
import { SEARCH_MAX } from '../limits';
import { defineCall } from './define';
import { idField, idListField, intField, pageParams, requiredText, text } from './fields';
import { epochField } from './validityFields';

/**
 * Lock users: everyone holding a credential on the locks the caller manages (docs/lock-users.md).
 * A person is known by a key, `lockUser`: an eKey's recipient account, or the name a passcode,
 * card, fingerprint, face, palm vein, QR code or key fob was given (trimmed, case folded). A
 * credential named after the holder's account is listed under that account's person.
 */

/** What a lock user holds, counted per kind (CredentialKind values). */
const kindCounts = z.object({
  ekey: z.number().int(),
  passcode: z.number().int(),
  card: z.number().int(),
  fingerprint: z.number().int(),
  face: z.number().int(),
  palmVein: z.number().int(),
  qrcode: z.number().int(),
  keyfob: z.number().int(),
});

export const lockUserItem = z.object({
  /** The person's key for the other calls. */
  lockUser: z.string(),
  /** The account, or the name as most often written. */
  name: z.string(),
  /** The eKey account, when the person has one. */
  account: z.string().nullable(),
  /** The account's nickname, when registered. */
  nickname: z.string().nullable(),
  /** Holds an authorized administrator eKey on at least one of the locks. */
  isAdmin: z.boolean(),
  lockCount: z.number().int(),
  credentialCount: z.number().int(),
  kinds: kindCounts,
  /** The earliest end of a limited credential, epoch ms; null when every one is permanent. */
  nextEndDate: z.number().nullable(),
});
export type LockUserItem = z.infer<typeof lockUserItem>;

/** One credential of a lock user, as the lists and the export show it. */
export const lockUserCredential = z.object({
  /** CredentialKind. */
  kind: z.string(),
  credentialId: z.number().int(),
  /** The eKey account, passcode or card number... as the kind's own tab shows it. */
  label: z.string(),
  name: z.string(),
  validityType: z.number().int().meta({
    description:
      'ValidityType, one vocabulary for every kind: 1 permanent, 2 limited, 3 once, 4 cyclic. A passcode maps its type: 1 once and 4 clear → 3 once, 2 permanent → 1, 3 limited → 2, 5 cyclic → 4, 6 custom → 1 without an end, else 2.',
  }),
  startDate: z.number().nullable(),
  endDate: z.number().nullable(),
  /** The kind's own status code (EKeyStatus, PasscodeStatus, CardStatus, CredentialStatus). */
  status: z.string(),
  /** For eKeys: 1 an authorized administrator key. */
  keyRight: z.number().int(),
});
export type LockUserCredential = z.infer<typeof lockUserCredential>;

export const listKeyUser = defineCall({
  path: '/user/listKeyUser',
  method: 'GET',
  auth: 'session',
  summary:
    'The lock users of the locks the caller manages: one row per person with how many locks and credentials of each kind, searchable by account, nickname or name, in name order.',
  params: z.object({ searchStr: text(SEARCH_MAX).optional(), ...pageParams }),
  data: pageSchema(lockUserItem),
});

export const listKeyGroup = defineCall({
  path: '/user/listKeyGroup',
  method: 'GET',
  auth: 'session',
  summary:
    "One lock user's credentials grouped by lock (the locks the caller manages), in lock name order: the user's detail.",
  params: z.object({ lockUser: requiredText(200), ...pageParams }),
  data: pageSchema(
    z.object({
      lockId: z.number().int(),
      lockAlias: z.string(),
      /** The lock's timezone offset in ms, to show times in the lock's time. */
      timezoneRawOffset: z.number().int(),
      credentials: z.array(lockUserCredential),
    }),
  ),
});

/** The longest "about to expire" window one query may span. */
export const EXPIRY_WINDOW_MAX_DAYS = 366;

export const listExpireUser = defineCall({
  path: '/user/listExpireUser',
  method: 'GET',
  auth: 'session',
  summary: `Credentials on the caller's managed locks whose validity ends inside a window (startDate ≤ end < endDate, at most ${EXPIRY_WINDOW_MAX_DAYS} days), soonest first, with their lock users.`,
  params: z
    .object({ startDate: epochField, endDate: epochField, searchStr: text(SEARCH_MAX).optional(), ...pageParams })
    .refine((p) => p.endDate > p.startDate, { path: ['endDate'], message: 'endDate must follow startDate' })
    .refine((p) => p.endDate - p.startDate <= EXPIRY_WINDOW_MAX_DAYS * 86_400_000, {
      path: ['endDate'],
      message: 'window too long',
    }),
  data: pageSchema(
    lockUserCredential.extend({
      lockUser: z.string(),
      userName: z.string(),
      lockId: z.number().int(),
      lockAlias: z.string(),
      timezoneRawOffset: z.number().int(),
    }),
  ),
});

/** One credential the deletion of a lock user could not start or started at a lock. */
const deletionOutcome = z.object({
  kind: z.string(),
  credentialId: z.number().int(),
  lockId: z.number().int(),
  /** 0 when the deletion started (the lock confirms it through its gateway), else the error code. */
  errorCode: z.number().int(),
  operationId: z.string().nullable(),
});

export const deleteKeyUser = defineCall({
  path: '/user/deleteKeyUser',
  method: 'POST',
  auth: 'session',
  summary:
    "Delete a lock user from the caller's managed locks, irreversibly: their eKeys go at once (an administrator's with the eKeys they sent), and each other credential is deleted at its lock through a gateway (listed with its operation, or why it could not start). An administrator eKey is deleted only on locks the caller owns.",
  params: z.object({ lockUser: requiredText(200) }),
  data: z.object({
    /** eKeys deleted, counting the keys an administrator had sent. */
    ekeyCount: z.number().int(),
    /** Administrator eKeys kept: on locks the caller only administers (the owner's to delete). */
    keptAdminKeys: z.number().int(),
    credentials: z.array(deletionOutcome),
  }),
});

/** Locks to export: the chosen ones, or every lock the caller owns. */
const exportScope = { lockIds: idListField.optional() };

/** The most rows one page of /lock/exportUser returns. */
export const EXPORT_USER_PAGE_MAX = 500;

export const getExportUserNum = defineCall({
  path: '/lock/getExportUserNum',
  method: 'POST',
  auth: 'session',
  summary:
    'How many rows an export of lock users has (one per credential), for the chosen locks or all the caller owns. The owner with the advanced function only.',
  params: z.object(exportScope),
  data: z.object({ total: z.number().int(), userCount: z.number().int() }),
});

export const exportUser = defineCall({
  path: '/lock/exportUser',
  method: 'POST',
  auth: 'session',
  summary: `One page (up to ${EXPORT_USER_PAGE_MAX} rows) of the lock-user export, in person then lock order: the console fetches page after page with a progress bar and writes the xlsx. The owner with the advanced function only.`,
  params: z.object({
    ...exportScope,
    pageNo: pageParams.pageNo,
    pageSize: intField.pipe(z.number().int().min(1).max(EXPORT_USER_PAGE_MAX)).default(EXPORT_USER_PAGE_MAX),
  }),
  data: pageSchema(
    lockUserCredential.extend({
      lockUser: z.string(),
      userName: z.string(),
      account: z.string().nullable(),
      nickname: z.string().nullable(),
      lockId: z.number().int(),
      lockAlias: z.string(),
      timezoneRawOffset: z.number().int(),
    }),
  ),
});

/** The most locks one revoke-all job covers (revokeAllTooManyLocks beyond it). */
export const REVOKE_JOB_LOCKS_MAX = 200;
/** The most revoke-all jobs an account may have unfinished at once (tooManyRequests beyond it). */
export const REVOKE_JOBS_OPEN_MAX = 5;

/** A revoke-all job's or one of its locks' state: queued, running, pending the locks' confirmation, done, failed. */
export const RevokeState = {
  queued: 'queued',
  running: 'running',
  pending: 'pending',
  done: 'done',
  failed: 'failed',
} as const;
export type RevokeState = (typeof RevokeState)[keyof typeof RevokeState];
const revokeState = z.enum(Object.values(RevokeState) as [RevokeState, ...RevokeState[]]);

export const revokeJobItem = z.object({
  lockId: z.number().int(),
  lockAlias: z.string(),
  state: revokeState,
  /** Credentials gone at once (eKeys, with those an administrator had sent). */
  removed: z.number().int(),
  /** Credentials whose deletion the lock still has to confirm, or confirmed (operations started). */
  atLock: z.number().int(),
  /** Administrator eKeys kept: on locks the caller only administers. */
  kept: z.number().int(),
  /** Why it failed: the catalogue's error code (0 when none), the lock's reason translated as remote operations' are. */
  errorCode: z.number().int(),
  /** Why the lock did not confirm: the remote operation's error (timeout, gatewayOffline, a DeviceError), else null. */
  operationError: z.string().nullable(),
});
export type RevokeJobItem = z.infer<typeof revokeJobItem>;

export const revokeJob = z.object({
  jobId: z.number().int(),
  lockUser: z.string(),
  name: z.string(),
  /** queued or running while a lock is; pending while a lock waits for its confirmation; else done or failed (a lock failed). */
  state: revokeState,
  createdAt: z.number(),
  finishedAt: z.number().nullable(),
  /** Locks counted by state. */
  counts: z.object({
    queued: z.number().int(),
    running: z.number().int(),
    pending: z.number().int(),
    done: z.number().int(),
    failed: z.number().int(),
  }),
  items: z.array(revokeJobItem),
});
export type RevokeJob = z.infer<typeof revokeJob>;

export const revokeKeyUser = defineCall({
  path: '/user/revokeKeyUser',
  method: 'POST',
  auth: 'session',
  summary: `Revoke everything a lock user holds on the caller's managed locks, as a background job with one item per lock (at most ${REVOKE_JOB_LOCKS_MAX} locks, revokeAllTooManyLocks; at most ${REVOKE_JOBS_OPEN_MAX} unfinished jobs per account, tooManyRequests). Each lock's item deletes the person's credentials there as /user/deleteKeyUser does; follow it with /user/getRevokeJob.`,
  params: z.object({ lockUser: requiredText(200) }),
  data: z.object({ jobId: z.number().int(), lockCount: z.number().int() }),
});

export const getRevokeJob = defineCall({
  path: '/user/getRevokeJob',
  method: 'GET',
  auth: 'session',
  summary:
    "A revoke-all job of the caller's: its state and each lock's progress and result (done, pending the lock's confirmation, failed with the reason).",
  params: z.object({ jobId: idField }),
  data: revokeJob,
});
