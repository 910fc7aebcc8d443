import { z } from 'zod';
import { PasscodeVersion } from '../enums/credential';
import { valuesOf } from '../enums/define';
import { LockSwitch, ParkingLockAction } from '../enums/lock';
import { pageSchema } from '../envelope';
import { defineCall } from './define';
import { idField, intField, oneOf, pageParams, requiredText, text } from './fields';
import { remoteOperation } from './remoteOperation';

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

const lockTarget = z.object({ lockId: idField });

export const unlock = defineCall({
  path: '/lock/unlock',
  method: 'POST',
  auth: 'session',
  summary:
    "Unlock remotely through the lock's gateway. Needs the lock's remote-unlock switch on and an online gateway that reaches the lock. Answers at once with the operation (state 1 operating); its end arrives on the live channel and from /lock/getRemoteOperation.",
  params: lockTarget,
  data: remoteOperation,
});

export const lockBolt = defineCall({
  path: '/lock/lock',
  method: 'POST',
  auth: 'session',
  summary: "Lock remotely through the lock's gateway. Answers with the operation, as /lock/unlock.",
  params: lockTarget,
  data: remoteOperation,
});

export const queryState = defineCall({
  path: '/lock/queryState',
  method: 'POST',
  auth: 'session',
  summary: "Ask the lock for its bolt state and battery through its gateway. The operation's result holds them.",
  params: lockTarget,
  data: remoteOperation,
});

export const queryDate = defineCall({
  path: '/lock/queryDate',
  method: 'POST',
  auth: 'session',
  summary:
    "Read the lock's clock through its gateway. The operation's result holds lockTime, serverTime and driftMs (lock minus server).",
  params: lockTarget,
  data: remoteOperation,
});

export const updateDate = defineCall({
  path: '/lock/updateDate',
  method: 'POST',
  auth: 'session',
  summary: "Clock calibration: set the lock's clock to the server's through its gateway.",
  params: lockTarget,
  data: remoteOperation,
});

export const controlParkingLock = defineCall({
  path: '/lock/controlParkingLock',
  method: 'POST',
  auth: 'session',
  summary: 'Raise or lower a car-park lock through its gateway.',
  params: lockTarget.extend({ action: z.enum([ParkingLockAction.raising, ParkingLockAction.lowering]) }),
  data: remoteOperation,
});

export const updateSetting = defineCall({
  path: '/lock/updateSetting',
  method: 'POST',
  auth: 'session',
  summary:
    "Turn one of the lock's switches on or off (type: a LockSwitch name; value: 1 on, 2 off; hotel mode 1 on, 0 off) through its gateway. The switch is saved only when the lock confirms.",
  params: lockTarget.extend({
    type: z.enum(Object.values(LockSwitch) as [string, ...string[]]),
    value: oneOf([0, 1, 2] as const),
  }),
  data: remoteOperation,
});

export const getRemoteOperation = defineCall({
  path: '/lock/getRemoteOperation',
  method: 'GET',
  auth: 'session',
  summary: 'One remote operation the caller started, with its state and, once it ended, its result.',
  params: z.object({
    operationId: z
      .string()
      .trim()
      .regex(/^[0-9a-f-]{36}$/),
  }),
  data: remoteOperation,
});

export const remoteLock = z.object({
  lockId: z.number().int(),
  lockName: z.string(),
  lockMac: z.string(),
  /** LockState: 0 locked, 1 unlocked, 2 unknown. */
  state: z.number().int(),
  battery: z.number().int(),
  /** RemoteUnlockSwitch: 1 on, 2 off. */
  remoteUnlock: z.number().int(),
  /** Whether a car-park lock (raise/lower instead of unlock/lock). */
  isParkingLock: z.boolean(),
  /** 1 when an online gateway reaches the lock. */
  hasGateway: z.number().int(),
  /** The best signal grade among the online gateways reaching it. */
  signalGrade: z.number().int(),
});

export const listForRemoteOperation = defineCall({
  path: '/lock/listForRemoteOperation',
  method: 'GET',
  auth: 'session',
  summary:
    "The caller's locks that gateways reach, for remote operations, with bolt state, battery, the remote-unlock switch and whether an online gateway reaches each.",
  params: z.object({ ...pageParams, lockName: text(50).optional() }),
  data: pageSchema(remoteLock),
});
