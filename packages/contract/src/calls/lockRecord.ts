import { z } from 'zod';
import { pageSchema } from '../envelope';
import { defineCall } from './define';
import { idField, intField, pageParams } from './fields';

export const lockRecord = z.object({
  recordId: z.number().int(),
  lockId: z.number().int(),
  /** Lock operation record type 1 to 53 (spec section 9). */
  recordType: z.number().int(),
  /** 1 succeeded, 0 failed. */
  success: z.number().int(),
  username: z.string(),
  /** The credential used (passcode, card number, ...), when there was one. */
  keyboardPwd: z.string(),
  /** When it happened, by the lock's clock (epoch ms). */
  lockDate: z.number(),
  /** When the server received it (epoch ms). */
  serverDate: z.number(),
});

export const list = defineCall({
  path: '/lockRecord/list',
  method: 'GET',
  auth: 'session',
  summary: "Unlock records of one of the caller's locks, newest first, optionally between two times (epoch ms).",
  params: z.object({
    lockId: idField,
    ...pageParams,
    startDate: intField.optional(),
    endDate: intField.optional(),
  }),
  data: pageSchema(lockRecord),
});
