/** Spec sections 4 and 9: locks, gateways, switches and remote operations. */

export const LockState = { locked: 0, unlocked: 1, unknown: 2 } as const;

export const OnlineState = { offline: 0, online: 1 } as const;

export const RoomStatus = { checkedIn: 1, empty: 2 } as const;

export const SignalGrade = { unknown: 0, weak: 1, medium: 2, strong: 3 } as const;

export const RemoteOperationState = {
  operating: 1,
  success: 2,
  failed: 3,
  noRetry: 4,
  wait: 6,
} as const;

/** Most switches: on 1, off 2. */
export const Switch = { on: 1, off: 2 } as const;

/** The remote-unlock switch also knows "unknown". */
export const RemoteUnlockSwitch = { unknown: 0, on: 1, off: 2 } as const;

/** Hotel mode: on 1, off 0. */
export const HotelMode = { off: 0, on: 1 } as const;

/** The switches a lock carries (values of `Switch` unless noted). */
export const LockSwitch = {
  passageMode: 'passageMode',
  allDayPassage: 'allDayPassage',
  attendance: 'attendance',
  unlockNotice: 'unlockNotice',
  doubleVerification: 'doubleVerification',
  adminAlert: 'adminAlert',
  faceIdentify: 'faceIdentify',
  remoteUnlock: 'remoteUnlock',
  hotelMode: 'hotelMode',
} as const;

export const ParkingLockAction = { lowering: 'lowering', raising: 'raising' } as const;

export const GatewayVersion = { g1: 1, g2: 2, g3: 3, g4: 4 } as const;

/** Daylight-saving reminder. */
export const DaylightSavingReminder = { enter: 1, exit: 2, doNotRemind: 3 } as const;

/** Timezone offset kind: 0 normal, 1 summer, -1 winter. */
export const TimezoneOffsetKind = { normal: 0, summer: 1, winter: -1 } as const;

/** Passage-mode days: 1 Monday to 7 Sunday. */
export const Weekday = {
  monday: 1,
  tuesday: 2,
  wednesday: 3,
  thursday: 4,
  friday: 5,
  saturday: 6,
  sunday: 7,
} as const;

/** Transfer types 1 to 6. */
export const TransferType = {
  lock: 1,
  gateway: 2,
  lockWithKeys: 3,
  lockToNewAccount: 4,
  gatewayToNewAccount: 5,
  group: 6,
} as const;

/** Lock listing query types. */
export const LockQueryType = { all: 0, authorizedAdmin: 1, admin: 2 } as const;

/** Admin-group query. */
export const AdminGroupQuery = { notAuthorized: 0, authorized: 1, all: 2 } as const;

/** Lock-to-admin flag. */
export const LockAdminFlag = { no: 0, yes: 1 } as const;

/** Group ids with a meaning of their own. */
export const GroupId = { all: -1, ungrouped: 0 } as const;

export const AUTO_LOCK_SECONDS = { min: 5, max: 900 } as const;

/**
 * The longest an eKey credential lives, in days, a per-lock setting of the owner
 * (docs/credentials.md): every credential's `notAfter` is at most its issue time plus this, so a
 * deleted or frozen key stops opening a lock no gateway reaches within this age. 1 day at least
 * (a holder's phone must not need the network every few hours), 30 at most (a revoked key must
 * not live for months on a lock without a gateway); 7 by default.
 */
export const EKEY_CREDENTIAL_MAX_AGE_DAYS = { min: 1, max: 30, default: 7 } as const;

/** What /lock/updateSetting can change: the switches, the hotel room status, the daylight-saving reminder. */
export const LockSetting = {
  ...LockSwitch,
  roomStatus: 'roomStatus',
  daylightSavingReminder: 'daylightSavingReminder',
} as const;
export type LockSettingName = (typeof LockSetting)[keyof typeof LockSetting];

/** A lock as the caller stands to it: its owner (primary administrator) or an authorized administrator. */
export const LockRole = { owner: 1, authorizedAdmin: 2 } as const;
