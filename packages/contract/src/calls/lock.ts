import { z } from 'zod';
import { PasscodeVersion } from '../enums/credential';
import { valuesOf } from '../enums/define';
import { defineCall } from './define';
import { intField, oneOf, requiredText, text } from './fields';

export const initialize = defineCall({
  path: '/lock/initialize',
  method: 'POST',
  auth: 'session',
  summary:
    "Register a lock the mobile app has just paired over Bluetooth. The caller becomes the lock's owner; the lock's secret is returned once, for the app to write into the lock.",
  params: z.object({
    lockMac: requiredText(17),
    lockNumber: requiredText(32),
    lockName: requiredText(50),
    firmware: requiredText(40),
    /** Capability bits as hexadecimal. */
    featureValue: z
      .string()
      .trim()
      .regex(/^[0-9A-Fa-f]{1,64}$/),
    passcodeVersion: oneOf(valuesOf(PasscodeVersion)),
    /** The lock's UTC offset in milliseconds (-12 h to +14 h). */
    timezoneRawOffset: intField
      .pipe(
        z
          .number()
          .min(-12 * 3_600_000)
          .max(14 * 3_600_000),
      )
      .optional(),
    battery: intField.pipe(z.number().min(0).max(100)).optional(),
    remark: text(200).optional(),
  }),
  data: z.object({ lockId: z.number().int(), lockSecret: z.string() }),
});
