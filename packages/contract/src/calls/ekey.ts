import { z } from 'zod';
import { eKeyCycleSchema } from '../credentials/eKeyCredential';
import { EKeyAuthorized, ValidityType } from '../enums/credential';
import { valuesOf } from '../enums/define';
import { pageSchema } from '../envelope';
import { KEY_NAME_MAX, RECEIVER_MAX, RECIPIENTS_PER_CALL_MAX, REMARK_MAX, SEARCH_MAX } from '../limits';
import { PHOTO_MAX_BYTES } from '../validation/photo';
import { defineCall } from './define';
import {
  emptyData,
  flagField,
  idField,
  idListField,
  jsonField,
  oneOf,
  pageParams,
  remarkText,
  requiredText,
  text,
} from './fields';
import { cycleField, validityParams } from './validityFields';

/** How an eKey is valid: the validity type, its dates and, for cyclic keys, the weekly cycle. */
const validity = {
  /** ValidityType: 1 permanent, 2 limited, 3 once, 4 cyclic. */
  validityType: oneOf(valuesOf(ValidityType)),
  ...validityParams,
  cycle: cycleField.optional(),
};

/** What an eKey carries besides its lock and recipient. */
const grant = {
  ...validity,
  keyName: text(KEY_NAME_MAX).optional(),
  remarks: remarkText(REMARK_MAX).optional(),
  /** May the recipient unlock remotely (through a gateway or an unlock link). */
  remoteEnable: flagField.default(false),
  /** Send as an authorized administrator of the lock (EKeyAuthorized: 1 yes). Owner only. */
  keyRight: oneOf(valuesOf(EKeyAuthorized)).default(EKeyAuthorized.no),
};

/** A recipient account: mobile (with its calling code) or email. */
const recipient = z.object({
  receiverUsername: requiredText(RECEIVER_MAX),
  countryCode: text(6).optional(),
});

/** What every view of a key shows: the lock, the sender, the validity, the status and the rights. */
const keyBasics = z.object({
  keyId: z.number().int(),
  lockId: z.number().int(),
  lockName: z.string(),
  senderUsername: z.string(),
  keyName: z.string(),
  validityType: z.number().int(),
  startDate: z.number().nullable(),
  endDate: z.number().nullable(),
  cycle: eKeyCycleSchema.nullable(),
  /** EKeyStatus string (110401 normal ... 110413 invalid). */
  keyStatus: z.string(),
  remoteEnable: z.boolean(),
  keyRight: z.number().int(),
});

/** A key as its lock's managers see it. */
export const eKeyItem = keyBasics.extend({
  /** The recipient's account. */
  username: z.string(),
  nickname: z.string(),
  remarks: z.string(),
  /** Send time, epoch ms. */
  date: z.number(),
  /** EKeyType: 1 normal, 4 cyclic. */
  keyType: z.number().int(),
});
export type EKeyItem = z.infer<typeof eKeyItem>;

export const send = defineCall({
  path: '/ekey/send',
  method: 'POST',
  auth: 'session',
  summary:
    "Send an eKey for a lock to an account. An unregistered recipient needs a country code (mobile) or createUser=1; the key then waits for them (110402) and an invitation goes to their address. Owner or authorized administrator; never beyond the sender's own validity.",
  params: recipient.extend({
    lockId: idField,
    /** Confirms sending to an account that is not registered yet. */
    createUser: flagField.default(false),
    ...grant,
  }),
  data: z.object({ keyId: z.number().int(), recipientRegistered: z.boolean() }),
});

export const batchItemResult = z.object({
  lockId: z.number().int(),
  receiverUsername: z.string(),
  keyId: z.number().int().nullable(),
  errorCode: z.number().int(),
  errorMsg: z.string(),
});

export const sendBatch = defineCall({
  path: '/ekey/sendBatch',
  method: 'POST',
  auth: 'session',
  summary:
    'Send the same eKey to many recipients on many locks (at most 200 pairs per call). Each pair succeeds or fails on its own, in its own transaction; the reply lists every pair with its key or its error.',
  params: z.object({
    lockIds: idListField,
    /** JSON array of {receiverUsername, countryCode?}. */
    receivers: jsonField(z.array(recipient).min(1).max(RECIPIENTS_PER_CALL_MAX), 20_000),
    createUser: flagField.default(false),
    ...grant,
  }),
  data: z.object({ results: z.array(batchItemResult) }),
});

export const list = defineCall({
  path: '/ekey/list',
  method: 'GET',
  auth: 'session',
  summary:
    "A lock's eKeys, newest first, searchable by recipient account, nickname or key name. Keys whose validity has ended are marked overdue (110412) first.",
  params: z.object({ lockId: idField, searchStr: text(SEARCH_MAX).optional(), ...pageParams }),
  data: pageSchema(eKeyItem),
});

const keyTarget = z.object({ keyId: idField });

export const freeze = defineCall({
  path: '/ekey/freeze',
  method: 'POST',
  auth: 'session',
  summary:
    "Freeze an eKey: freezing (110404) until the recipient's app next syncs, then frozen (110405). The lock is told at once when a gateway reaches it.",
  params: keyTarget,
  data: emptyData,
});

export const unfreeze = defineCall({
  path: '/ekey/unfreeze',
  method: 'POST',
  auth: 'session',
  summary: "Unfreeze an eKey: unfreezing (110406) until the recipient's app next syncs, then normal.",
  params: keyTarget,
  data: emptyData,
});

const mineOnLock = z.object({ lockId: idField.optional() });

export const freezeAll = defineCall({
  path: '/ekey/freezeAll',
  method: 'POST',
  auth: 'session',
  summary: 'Freeze every eKey the caller sent (on one lock when lockId is given). Returns how many changed.',
  params: mineOnLock,
  data: z.object({ count: z.number().int() }),
});

export const unfreezeAll = defineCall({
  path: '/ekey/unfreezeAll',
  method: 'POST',
  auth: 'session',
  summary: 'Unfreeze every eKey the caller sent (on one lock when lockId is given). Returns how many changed.',
  params: mineOnLock,
  data: z.object({ count: z.number().int() }),
});

export const changePeriod = defineCall({
  path: '/ekey/changePeriod',
  method: 'POST',
  auth: 'session',
  summary:
    "Change an eKey's validity (type, dates, cycle). Never beyond the editor's own validity. The old credential stops working at the lock once a gateway tells it.",
  params: keyTarget.extend(validity),
  data: emptyData,
});

export const update = defineCall({
  path: '/ekey/update',
  method: 'POST',
  auth: 'session',
  summary: "Change an eKey's name, remarks and remote-unlock permission.",
  params: keyTarget.extend({
    keyName: text(KEY_NAME_MAX).optional(),
    remarks: remarkText(REMARK_MAX).optional(),
    remoteEnable: flagField.optional(),
  }),
  data: emptyData,
});

export const remove = defineCall({
  path: '/ekey/delete',
  method: 'POST',
  auth: 'session',
  summary: 'Delete an eKey (110408). The lock refuses it from then on once a gateway tells it.',
  params: keyTarget,
  data: emptyData,
});

export const deleteAll = defineCall({
  path: '/ekey/deleteAll',
  method: 'POST',
  auth: 'session',
  summary: "Delete every eKey of a lock. Irreversible. The lock's owner only.",
  params: z.object({ lockId: idField }),
  data: z.object({ count: z.number().int() }),
});

export const reset = defineCall({
  path: '/ekey/reset',
  method: 'POST',
  auth: 'session',
  summary:
    "Reset a lock's eKeys: every key becomes resetting (110409), then reset (110410) when its holder's app syncs; none opens the lock again. The lock's owner only.",
  params: z.object({ lockId: idField }),
  data: z.object({ count: z.number().int() }),
});

export const sendNotice = defineCall({
  path: '/ekey/sendNotice',
  method: 'POST',
  auth: 'session',
  summary:
    "Send the eKey's notice (lock, validity, app link) to its recipient by email or SMS, in the standard words or with one of the lock owner's eKey templates (templateId). It uses one unit of the lock owner's SMS or email balance, given back when delivery fails.",
  params: keyTarget.extend({ channel: z.enum(['email', 'sms']), templateId: idField.optional() }),
  data: emptyData,
});

/** A key as its holder's app receives it. `credential` is present only while the key may open the lock. */
export const heldKey = keyBasics.extend({
  lockMac: z.string(),
  /** The signed credential the app shows the lock over Bluetooth (docs/credentials.md). */
  credential: z.string().nullable(),
  /**
   * When the lock stops accepting that credential (epoch ms, by the lock's clock): the key's end or
   * the lock's maximum credential age after issue, whichever first. The app syncs before then for
   * a fresh one; null with no credential.
   */
  credentialNotAfter: z.number().nullable(),
  /** The lock asks for the holder's face identification now, before the key is used (/ekey/faceAuth). */
  faceAuthRequired: z.boolean(),
});
export type HeldKey = z.infer<typeof heldKey>;

export const faceAuth = defineCall({
  path: '/ekey/faceAuth',
  method: 'POST',
  auth: 'session',
  upload: { part: 'photo', maxBytes: PHOTO_MAX_BYTES, tooLarge: 'photoTooLarge' },
  summary:
    "The holder's face identification before using a key on a lock that asks for it (its face identify switch on), as often as the lock's frequency says: a photo with one clear frontal face (part `photo`), checked as a face credential's is, uses one unit of the lock owner's face identification balance (faceIdentifyBalanceEmpty). When none is due, nothing is checked or used (`identified` false). Answers when the next one is due (null: never).",
  params: z.object({ keyId: idField }),
  data: z.object({ identified: z.boolean(), dueAgainAt: z.number().nullable() }),
});

export const sync = defineCall({
  path: '/ekey/sync',
  method: 'POST',
  auth: 'session',
  summary:
    "The eKey holder's app connects: keys sent to the caller's account before it registered are claimed, pending freezes, unfreezes, deletions and resets take effect, ended keys become overdue, and every key comes back with its signed credential when it may open the lock, issued afresh on every sync and valid until credentialNotAfter (the key's end or the lock's maximum credential age, whichever first).",
  params: z.object({}),
  data: z.object({ list: z.array(heldKey) }),
});
