import { z } from 'zod';
import { CyclicPasscodeSubtype, PasscodeType } from '../enums/credential';
import { valuesOf } from '../enums/define';
import { pageSchema } from '../envelope';
import { PASSCODE_NAME_MAX, RECEIVER_MAX } from '../limits';
import { credentialSyncFields } from './credentialSync';
import { defineCall } from './define';
import { emptyData, idField, intField, oneOf, pageParams, text } from './fields';
import { remoteOperation } from './remoteOperation';
import { validityParams } from './validityFields';

const digits = z
  .string()
  .trim()
  .regex(/^[0-9]{1,12}$/);

export const passcodeItem = z.object({
  keyboardPwdId: z.number().int(),
  lockId: z.number().int(),
  keyboardPwd: z.string(),
  keyboardPwdName: z.string(),
  /** PasscodeType: 1 once, 2 permanent, 3 limited, 4 clear, 5 cyclic, 6 custom. */
  keyboardPwdType: z.number().int(),
  /** Cyclic subtype 5 to 14, else null. */
  cycleType: z.number().int().nullable(),
  startDate: z.number().nullable(),
  endDate: z.number().nullable(),
  /** Cyclic codes: the daily hours, lock-local (start inclusive, end exclusive). */
  cycleStartHour: z.number().int().nullable(),
  cycleEndHour: z.number().int().nullable(),
  /** PasscodeStatus string (110501 normal ... 110513), will-be-valid and invalid as of now. */
  status: z.string(),
  senderUsername: z.string(),
  /** Creation time, epoch ms. */
  createDate: z.number(),
  /** An offline code must be used for the first time within this many hours of its start, else null. */
  activationHours: z.number().int().nullable(),
  ...credentialSyncFields,
});
export type PasscodeItem = z.infer<typeof passcodeItem>;

export const get = defineCall({
  path: '/passcode/get',
  method: 'POST',
  auth: 'session',
  summary:
    "Get an offline passcode (9 digits, computed in the cloud, checked by the lock on its own): once, permanent, limited, clear, or cyclic with a subtype and daily hours. Dates are whole hours of the lock's time; the start is at most 24 hours past and at most 364 days ahead; validity at most 3 years (over 1 year: same day and hour).",
  params: z.object({
    lockId: idField,
    keyboardPwdType: oneOf([
      PasscodeType.once,
      PasscodeType.permanent,
      PasscodeType.limited,
      PasscodeType.clear,
      PasscodeType.cyclic,
    ]),
    cycleType: oneOf(valuesOf(CyclicPasscodeSubtype)).optional(),
    cycleStartHour: intField.pipe(z.number().int().min(0).max(23)).optional(),
    cycleEndHour: intField.pipe(z.number().int().min(1).max(24)).optional(),
    keyboardPwdName: text(PASSCODE_NAME_MAX).optional(),
    ...validityParams,
  }),
  data: passcodeItem,
});

export const add = defineCall({
  path: '/passcode/add',
  method: 'POST',
  auth: 'session',
  summary:
    "Add a custom passcode (type 6) of a length the lock supports, through the lock's gateway: adding (110506), then normal or add failed. Permanent without dates.",
  params: z.object({
    lockId: idField,
    keyboardPwd: digits,
    keyboardPwdName: text(PASSCODE_NAME_MAX).optional(),
    ...validityParams,
  }),
  data: z.object({ passcode: passcodeItem, operation: remoteOperation }),
});

export const change = defineCall({
  path: '/passcode/change',
  method: 'POST',
  auth: 'session',
  summary:
    "Rename a passcode; for a custom one also change its digits or validity through the gateway (updating, then normal or update failed). An offline code's digits and validity cannot change.",
  params: z.object({
    keyboardPwdId: idField,
    keyboardPwdName: text(PASSCODE_NAME_MAX).optional(),
    newKeyboardPwd: digits.optional(),
    ...validityParams,
  }),
  data: z.object({ passcode: passcodeItem, operation: remoteOperation.nullable() }),
});

export const remove = defineCall({
  path: '/passcode/delete',
  method: 'POST',
  auth: 'session',
  summary:
    'Delete a passcode through the gateway: deleting (110510), then deleted, or delete failed. An offline code is blocked at the lock.',
  params: z.object({ keyboardPwdId: idField }),
  data: z.object({ operation: remoteOperation }),
});

export const list = defineCall({
  path: '/passcode/list',
  method: 'GET',
  auth: 'session',
  summary: "A lock's passcodes, newest first, searchable by name or digits.",
  params: z.object({ lockId: idField, searchStr: text(PASSCODE_NAME_MAX).optional(), ...pageParams }),
  data: pageSchema(passcodeItem),
});

export const sendNotice = defineCall({
  path: '/passcode/sendNotice',
  method: 'POST',
  auth: 'session',
  summary:
    "Send a passcode with its lock and validity to an email address or a mobile number, in the standard words or with one of the lock owner's passcode templates (templateId). It uses one unit of the lock owner's SMS or email balance (smsBalanceEmpty, emailBalanceEmpty), given back when delivery fails.",
  params: z.object({
    keyboardPwdId: idField,
    channel: z.enum(['email', 'sms']),
    receiver: text(RECEIVER_MAX).pipe(z.string().min(1)),
    countryCode: text(6).optional(),
    templateId: idField.optional(),
  }),
  data: emptyData,
});
