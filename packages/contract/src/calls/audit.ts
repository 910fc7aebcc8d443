import { z } from 'zod';
import { defineCall } from './define';
import { idField, pageParams, text } from './fields';
import { epochField } from './validityFields';

/**
 * The audit trail (docs/governance.md "Audit trail"): every change made through the console or
 * the API, per account, in a hash chain; the check that proves it unbroken.
 */

/** The longest actor search text. */
export const AUDIT_ACTOR_MAX = 100;

export const auditEntry = z.object({
  /** The entry's place in its account's chain. */
  seq: z.number().int(),
  /** Whose trail it is: the lock owner's account for a lock's change, else the caller's. */
  accountId: z.number().int(),
  at: z.number().int(),
  actorUserId: z.number().int().nullable(),
  /** The actor's account (email, else mobile number) as it is now. */
  actorAccount: z.string(),
  /** session, openApi (a TTLock-compatible open API client) or apiKey. */
  actorKind: z.string(),
  sessionId: z.number().int().nullable(),
  apiKeyId: z.number().int().nullable(),
  appId: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  /** The call (/lock/rename). */
  path: z.string(),
  lockId: z.number().int().nullable(),
  /** The lock's name now, if it still exists. */
  lockAlias: z.string().nullable(),
  /** What else the call named ({ keyId: 5 }...). */
  target: z.record(z.string(), z.unknown()),
  /** The call's parameters, secrets (passwords, codes, passcodes, tokens) redacted. */
  params: z.record(z.string(), z.unknown()),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  prevHash: z.string(),
  hash: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const list = defineCall({
  path: '/audit/list',
  method: 'GET',
  auth: 'session',
  summary:
    "The audit trail the caller may read, newest first: their account's chain (changes to their locks by anyone, and their own calls) and their own changes on other accounts' locks (as an authorized administrator). Filters: lockId, actor (email or mobile number containing), startDate and endDate (epoch ms, [start, end)).",
  params: z.object({
    lockId: idField.optional(),
    actor: text(AUDIT_ACTOR_MAX).optional(),
    startDate: epochField.optional(),
    endDate: epochField.optional(),
    ...pageParams,
  }),
  data: z.object({
    list: z.array(auditEntry),
    pageNo: z.number().int(),
    pageSize: z.number().int(),
    pages: z.number().int(),
    total: z.number().int(),
  }),
});

export const verify = defineCall({
  path: '/audit/verify',
  method: 'GET',
  auth: 'session',
  summary:
    "Verifies the caller's account chain from its anchor (what retention left) to its head: each entry follows the one before and gives its own SHA-256. ok, or the first broken seq and why (altered, unlinked, missing).",
  params: z.object({}),
  data: z.object({
    ok: z.boolean(),
    checked: z.number().int(),
    verifiedSeq: z.number().int(),
    headSeq: z.number().int(),
    headHash: z.string(),
    anchorSeq: z.number().int(),
    brokenSeq: z.number().int().nullable(),
    reason: z.enum(['altered', 'unlinked', 'missing']).nullable(),
  }),
});
