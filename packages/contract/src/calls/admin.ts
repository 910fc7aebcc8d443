import { z } from 'zod';
import { valuesOf } from '../enums/define';
import { AdminGroupQuery, GroupId } from '../enums/lock';
import { pageSchema } from '../envelope';
import { RECEIVER_MAX, REMARK_MAX, SEARCH_MAX } from '../limits';
import { defineCall } from './define';
import { idField, idListField, intField, oneOf, pageParams, remarkText, requiredText, text } from './fields';
import { credentialValidity } from './lockCredential';

/**
 * Authorized administrators: accounts an owner lets manage some of their locks. An
 * administrator of a lock holds an eKey for it sent with keyRight 1 (docs/permissions.md): what
 * that key allows is what the administrator may do, within its validity.
 */

export const adminItem = z.object({
  adminUid: z.number().int(),
  account: z.string(),
  nickname: z.string(),
  /** How many of the caller's locks this administrator is authorized for. */
  lockCount: z.number().int(),
  /** When the first authorization was given, epoch ms. */
  createDate: z.number(),
});
export type AdminItem = z.infer<typeof adminItem>;

/** Locks or whole groups of the caller: at least one of the two. */
const lockSelection = {
  lockIds: idListField.optional(),
  /** Group ids; 0 is the caller's ungrouped locks. */
  groupIds: z
    .string()
    .trim()
    .regex(/^[0-9]{1,10}(,[0-9]{1,10}){0,199}$/)
    .transform((v) => [...new Set(v.split(',').map(Number))])
    .optional(),
};

export const list = defineCall({
  path: '/admin/list',
  method: 'GET',
  auth: 'session',
  summary: "The caller's authorized administrators, searchable by account or nickname.",
  params: z.object({ searchStr: text(SEARCH_MAX).optional(), ...pageParams }),
  data: pageSchema(adminItem),
});

export const add = defineCall({
  path: '/admin/add',
  method: 'POST',
  auth: 'session',
  summary:
    'Make a registered account an authorized administrator of some of the caller’s locks (lockIds and/or groupIds), with a validity. Each lock gets an administrator eKey; the reply counts the locks authorized. The owner only, on their own locks.',
  params: z.object({
    receiverUsername: requiredText(RECEIVER_MAX),
    countryCode: text(6).optional(),
    ...lockSelection,
    ...credentialValidity,
    remarks: remarkText(REMARK_MAX).optional(),
  }),
  data: z.object({ adminUid: z.number().int(), count: z.number().int() }),
});

export const listLocks = defineCall({
  path: '/admin/listLocks',
  method: 'GET',
  auth: 'session',
  summary:
    "The caller's locks as seen for one administrator: queryType 0 not authorized, 1 authorized, 2 all (AdminGroupQuery), optionally of one group (-1 all, 0 ungrouped).",
  params: z.object({
    adminUid: idField,
    queryType: oneOf(valuesOf(AdminGroupQuery)).default(AdminGroupQuery.all),
    groupId: intField.pipe(z.number().int().min(GroupId.all)).default(GroupId.all),
    ...pageParams,
  }),
  data: pageSchema(
    z.object({
      lockId: z.number().int(),
      lockName: z.string(),
      groupId: z.number().int(),
      /** LockAdminFlag: 1 authorized, 0 not. */
      isAuthorized: z.number().int(),
      /** The administrator eKey, when authorized. */
      keyId: z.number().int().nullable(),
    }),
  ),
});

export const authorize = defineCall({
  path: '/admin/authorize',
  method: 'POST',
  auth: 'session',
  summary:
    'Authorize an existing administrator for more locks or groups, with the validity given (locks already authorized keep theirs). Answers how many locks were added.',
  params: z.object({ adminUid: idField, ...lockSelection, ...credentialValidity }),
  data: z.object({ count: z.number().int() }),
});

export const deauthorize = defineCall({
  path: '/admin/deauthorize',
  method: 'POST',
  auth: 'session',
  summary:
    'Take locks or groups away from an administrator: their administrator eKeys are deleted, with the eKeys they sent on those locks. Answers how many locks were taken away.',
  params: z.object({ adminUid: idField, ...lockSelection }),
  data: z.object({ count: z.number().int() }),
});

export const remove = defineCall({
  path: '/admin/remove',
  method: 'POST',
  auth: 'session',
  summary:
    "Remove an administrator from all the caller's locks: every administrator eKey goes, with the eKeys they sent. Irreversible.",
  params: z.object({ adminUid: idField }),
  data: z.object({ count: z.number().int() }),
});
