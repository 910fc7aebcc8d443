import { EKeyStatus } from '@smartlock/contract';

/** Keys that are gone for good: no list shows them. */
export const GONE_EKEY_STATUSES = [EKeyStatus.deleted, EKeyStatus.reset] as const;

/** Keys in force: normal, or updating (a new validity waiting for the holder's app; the key stays usable). */
export const IN_FORCE_EKEY_STATUSES = [EKeyStatus.normal, EKeyStatus.updating] as const;

/** Keys on their way out (until the holder's app syncs) or gone: they no longer count as a key of the recipient. */
export const ENDED_EKEY_STATUSES = [
  EKeyStatus.deleting,
  EKeyStatus.deleted,
  EKeyStatus.resetting,
  EKeyStatus.reset,
] as const;

/**
 * What a holder's app sync makes of a pending status: freezes, unfreezes, validity changes,
 * deletions and resets take effect when the holder's app next connects.
 */
export const SYNC_TRANSITIONS: Readonly<Record<string, string>> = {
  [EKeyStatus.freezing]: EKeyStatus.frozen,
  [EKeyStatus.unfreezing]: EKeyStatus.normal,
  [EKeyStatus.updating]: EKeyStatus.normal,
  [EKeyStatus.deleting]: EKeyStatus.deleted,
  [EKeyStatus.resetting]: EKeyStatus.reset,
};
