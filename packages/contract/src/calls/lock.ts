import { z } from 'zod';
import { PasscodeVersion } from '../enums/credential';
import { valuesOf } from '../enums/define';
import { featureValueDescription } from '../enums/feature';
import {
  AUTO_LOCK_SECONDS,
  EKEY_CREDENTIAL_MAX_AGE_DAYS,
  LockQueryType,
  LockSetting,
  ParkingLockAction,
} from '../enums/lock';
import { pageSchema } from '../envelope';
import { NAME_MAX, REMARK_MAX, TIMEZONE_OFFSET_MS } from '../limits';
import { passagePeriodSchema } from '../validation/passageMode';
import { defineCall } from './define';
import {
  emptyData,
  idField,
  idListField,
  intField,
  jsonField,
  oneOf,
  pageParams,
  remarkText,
  requiredText,
  text,
  transferConfirmation,
} from './fields';
import { lockLocation } from './map';
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
    lockName: requiredText(NAME_MAX),
    firmware: requiredText(40),
    /** Capability bits as hexadecimal (LockFeature). */
    featureValue: z
      .string()
      .trim()
      .regex(/^[0-9A-Fa-f]{1,64}$/)
      .meta({ description: featureValueDescription() }),
    passcodeVersion: oneOf(valuesOf(PasscodeVersion)),
    /** The lock's UTC offset in milliseconds (-12 h to +14 h). */
    timezoneRawOffset: intField.pipe(z.number().min(TIMEZONE_OFFSET_MS.min).max(TIMEZONE_OFFSET_MS.max)).optional(),
    battery: intField.pipe(z.number().min(0).max(100)).optional(),
    /** The auto-lock time the lock came with (seconds; 0 none), as the app reads it when pairing. */
    autoLockTime: intField.pipe(z.number().int().min(0).max(AUTO_LOCK_SECONDS.max)).optional(),
    remark: remarkText(REMARK_MAX).optional(),
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
    "Change one of the lock's settings through its gateway, saved only when the lock confirms: a switch (type: a LockSwitch name; value 1 on, 2 off; hotelMode 1 on, 0 off) or roomStatus (1 checked in, 2 empty). daylightSavingReminder (1 enter, 2 exit, 3 do not remind) is the console's own and is saved at once.",
  params: lockTarget.extend({
    type: z.enum(Object.values(LockSetting) as [string, ...string[]]),
    value: oneOf([0, 1, 2, 3] as const),
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

/** What every list of locks shows of a lock. */
export const lockBasics = z.object({
  lockId: z.number().int(),
  lockName: z.string(),
  lockMac: z.string(),
  /** LockState: 0 locked, 1 unlocked, 2 unknown. */
  state: z.number().int(),
  battery: z.number().int(),
  /** Whether a car-park lock (raise/lower instead of unlock/lock). */
  isParkingLock: z.boolean(),
});

/**
 * Whether gateways reach a lock: bound to any (online or not), and bound to one online now. A
 * remote operation (unlock, lock, settings...) needs an online one.
 */
const gatewayFlags = {
  hasGateway: z
    .number()
    .int()
    .meta({ description: '1 when the lock is bound to a gateway, online or offline; else 0.' }),
  hasOnlineGateway: z
    .number()
    .int()
    .meta({ description: '1 when a gateway bound to the lock is online now (remote operations need one); else 0.' }),
};

export const remoteLock = lockBasics.extend({
  /** RemoteUnlockSwitch: 1 on, 2 off. */
  remoteUnlock: z.number().int(),
  ...gatewayFlags,
  /** The best signal grade among the online gateways reaching it (0 when none is online). */
  signalGrade: z.number().int(),
});

export const listForRemoteOperation = defineCall({
  path: '/lock/listForRemoteOperation',
  method: 'GET',
  auth: 'session',
  summary:
    "The caller's locks bound to the owner's gateways, for remote operations, with bolt state, battery, the remote-unlock switch and whether an online gateway reaches each now (hasOnlineGateway; hasGateway is 1 for every one listed).",
  params: z.object({ ...pageParams, lockName: text(NAME_MAX).optional() }),
  data: pageSchema(remoteLock),
});

/** A lock in the console's list. */
export const lockItem = lockBasics.extend({
  /** The caller's group holding the lock, 0 when ungrouped. */
  groupId: z.number().int(),
  /** LockRole: 1 owner (primary administrator), 2 authorized administrator. */
  role: z.number().int(),
  /** Lock-to-admin flag: 1 the caller administers it, 0 not. */
  isAdmin: z.number().int(),
  ...gatewayFlags,
  /** The best signal grade among the online gateways reaching it (0 when none is online). */
  signalGrade: z.number().int(),
  gatewayName: z.string().meta({
    description:
      'The gateway the console names for the lock: the online one with the best signal, else one it is bound to (offline); empty when none.',
  }),
  featureValue: z.string().meta({ description: featureValueDescription() }),
});

export const list = defineCall({
  path: '/lock/list',
  method: 'GET',
  auth: 'session',
  summary:
    "The caller's locks, a page at a time: type 0 all, 1 those the caller is an authorized administrator of, 2 those the caller owns; groupId -1 all, 0 ungrouped, else one of the caller's groups; lockName searches.",
  params: z.object({
    ...pageParams,
    type: oneOf([LockQueryType.all, LockQueryType.authorizedAdmin, LockQueryType.admin] as const).default(
      LockQueryType.all,
    ),
    groupId: intField.pipe(z.number().int().min(-1)).default(-1),
    lockName: text(NAME_MAX).optional(),
  }),
  data: pageSchema(lockItem),
});

export const passageModeConfig = z.object({
  /** Switch: 1 on, 2 off. */
  passageMode: z.number().int(),
  periods: z.array(passagePeriodSchema),
});

export const detail = defineCall({
  path: '/lock/detail',
  method: 'GET',
  auth: 'session',
  summary: "One of the caller's locks with every label and setting the lock-detail screen shows.",
  params: lockTarget,
  data: lockItem.extend({
    lockNumber: z.string(),
    firmware: z.string(),
    passcodeVersion: z.number().int(),
    timezoneRawOffset: z.number().int(),
    /** Auto-lock time in seconds. */
    autoLockTime: z.number().int(),
    passageModeConfig: passageModeConfig,
    /** The lock's switches as it last confirmed them (LockSwitch name -> value). */
    switches: z.record(z.string(), z.number().int()),
    /** RoomStatus: 1 checked in, 2 empty. */
    roomStatus: z.number().int(),
    /** DaylightSavingReminder: 1 enter, 2 exit, 3 do not remind. */
    daylightSavingReminder: z.number().int(),
    /** The longest an eKey credential for this lock lives, in days (the owner's setting; docs/credentials.md). */
    eKeyCredentialMaxAgeDays: z.number().int(),
    /** A car-park lock's barrier, or null. */
    parking: z.string().nullable(),
    gateways: z.array(
      z.object({
        gatewayId: z.number().int(),
        gatewayName: z.string(),
        isOnline: z.number().int(),
        signalGrade: z.number().int(),
      }),
    ),
    createdAt: z.number(),
    /** The city the lock is counted in on the public map (its own, else its gateway's). */
    location: lockLocation,
    /** How many live credentials of each kind the lock has (deleted ones not counted), for the tab labels. */
    credentialCounts: z.object({
      ekey: z.number().int(),
      passcode: z.number().int(),
      card: z.number().int(),
      fingerprint: z.number().int(),
      face: z.number().int(),
      palmVein: z.number().int(),
      qrCode: z.number().int(),
      keyFob: z.number().int(),
    }),
  }),
});

export const rename = defineCall({
  path: '/lock/rename',
  method: 'POST',
  auth: 'session',
  summary: 'Rename a lock the caller administers.',
  params: lockTarget.extend({ lockName: requiredText(NAME_MAX) }),
  data: emptyData,
});

export const setAutoLockTime = defineCall({
  path: '/lock/setAutoLockTime',
  method: 'POST',
  auth: 'session',
  summary: `Set the auto-lock time (${AUTO_LOCK_SECONDS.min} to ${AUTO_LOCK_SECONDS.max} seconds) through the lock's gateway; saved when the lock confirms.`,
  params: lockTarget.extend({ seconds: intField }),
  data: remoteOperation,
});

export const setEKeyCredentialMaxAge = defineCall({
  path: '/lock/setEKeyCredentialMaxAge',
  method: 'POST',
  auth: 'session',
  summary: `The longest an eKey credential for the lock lives (${EKEY_CREDENTIAL_MAX_AGE_DAYS.min} to ${EKEY_CREDENTIAL_MAX_AGE_DAYS.max} whole days; ${EKEY_CREDENTIAL_MAX_AGE_DAYS.default} until set): every credential a holder's app syncs ends at its key's end or this long after issue, whichever first, so a deleted or frozen key stops opening a lock no gateway reaches within this age. The cloud's own setting, saved at once (the lock is not asked). The lock's owner only.`,
  params: lockTarget.extend({ days: intField }),
  data: emptyData,
});

export const changeTimezoneRawOffset = defineCall({
  path: '/lock/changeTimezoneRawOffset',
  method: 'POST',
  auth: 'session',
  summary: "Set the lock's UTC offset (milliseconds, -12 h to +14 h, whole quarter hours) through its gateway.",
  params: lockTarget.extend({ timezoneRawOffset: intField }),
  data: remoteOperation,
});

export const configPassageMode = defineCall({
  path: '/lock/configPassageMode',
  method: 'POST',
  auth: 'session',
  summary:
    "Passage mode on (1) or off (2) with its periods (JSON [{weekDays: [1..7], startMinute, endMinute}], all day 0 to 1440, none overlapping on a shared weekday) through the lock's gateway.",
  params: lockTarget.extend({
    passageMode: oneOf([1, 2] as const),
    periods: jsonField(z.array(passagePeriodSchema).max(50), 20_000),
  }),
  data: remoteOperation,
});

export const getPassageModeConfig = defineCall({
  path: '/lock/getPassageModeConfig',
  method: 'GET',
  auth: 'session',
  summary: "The lock's passage-mode switch and periods as it last confirmed them.",
  params: lockTarget,
  data: passageModeConfig,
});

export const listForTransfer = defineCall({
  path: '/lock/listForTransfer',
  method: 'GET',
  auth: 'session',
  summary: 'The locks the caller owns and may transfer, a page at a time, searchable by name.',
  params: z.object({ ...pageParams, lockName: text(NAME_MAX).optional() }),
  data: pageSchema(z.object({ lockId: z.number().int(), lockName: z.string(), lockMac: z.string() })),
});

export const transfer = defineCall({
  path: '/lock/transfer',
  method: 'POST',
  auth: 'session',
  summary:
    "Transfer locks the caller owns to another registered account, permanently, in one transaction: the receiver becomes owner with the locks' credentials, eKeys and records; the caller's groups, reach through the caller's gateways and management rights end. Confirmed with the caller's password and a validation code (type 9) sent to the caller.",
  params: z.object({
    lockIdList: idListField,
    ...transferConfirmation,
  }),
  data: emptyData,
});

export const batchUnlock = defineCall({
  path: '/lock/batchUnlock',
  method: 'POST',
  auth: 'session',
  summary:
    "Unlock many of the caller's own locks remotely at once (the owner, with the advanced function). Answers per lock: the operation it started (followed like any other), or why it could not start: the catalogue code and its message in the reply language.",
  params: z.object({ lockIdList: idListField }),
  data: z.object({
    list: z.array(
      z.object({
        lockId: z.number().int(),
        /** 0 when the unlock started, else the catalogue code of why it could not. */
        errorCode: z.number().int(),
        /** The catalogue message of errorCode in the reply language, as a top-level error has; empty when it started. */
        errorMsg: z.string(),
        operation: remoteOperation.nullable(),
      }),
    ),
  }),
});

/** The console's public screen an unlock link opens (`<origin>/unlockByLink?token=`). */
export const UNLOCK_LINK_PATH = '/unlockByLink';
/** The longest an unlock link lasts: 7 days, in minutes. */
export const UNLOCK_LINK_MAX_MINUTES = 7 * 24 * 60;

/** An unlock link's address on the console at `origin`. */
export function unlockLinkUrl(origin: string, token: string): string {
  const url = new URL(UNLOCK_LINK_PATH, origin);
  url.searchParams.set('token', token);
  return url.toString();
}

export const createUnlockLink = defineCall({
  path: '/lock/createUnlockLink',
  method: 'POST',
  auth: 'session',
  summary:
    'A signed, expiring link (valid 1 minute to 7 days) that unlocks the lock remotely when opened, on behalf of the caller and only while the caller still manages the lock and remote unlock is on.',
  params: lockTarget.extend({
    validMinutes: intField.pipe(z.number().int().min(1).max(UNLOCK_LINK_MAX_MINUTES)),
  }),
  data: z.object({ token: z.string(), expiresAt: z.number() }),
});

export const unlockByLink = defineCall({
  path: '/lock/unlockByLink',
  method: 'POST',
  auth: 'public',
  summary:
    'Open an unlock link: unlocks the lock remotely and answers once the operation has ended (or its deadline passed). An expired or unknown link gives "unlock link invalid".',
  params: z.object({
    token: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{20,100}$/),
  }),
  data: remoteOperation.extend({ lockName: z.string() }),
});
