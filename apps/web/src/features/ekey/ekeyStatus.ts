import { EKeyStatus, nameOf, type ValueOf } from '@smartlock/contract';

export type EKeyStatusValue = ValueOf<typeof EKeyStatus>;
export type EKeyStatusName = keyof typeof EKeyStatus;

/** The tag colour of each eKey status: in use, waiting on the holder's app, stopped, ended. */
const COLOR: Record<EKeyStatusName, string> = {
  normal: 'success',
  waitingAccept: 'processing',
  freezing: 'processing',
  frozen: 'blue',
  unfreezing: 'processing',
  deleting: 'processing',
  deleted: 'default',
  resetting: 'processing',
  reset: 'default',
  updating: 'processing',
  overdue: 'warning',
  invalid: 'error',
};

function statusName(status: string): EKeyStatusName | undefined {
  return nameOf(EKeyStatus, status as EKeyStatusValue);
}

/** The i18n key of an eKey status (110401 normal ... 110413 invalid); an unknown one says so with its code. */
export function eKeyStatusKey(status: string): string {
  const name = statusName(status);
  return name ? `ekey.status.${name}` : 'ekey.status.other';
}

export function eKeyStatusColor(status: string): string {
  const name = statusName(status);
  return name ? COLOR[name] : 'default';
}

/** What can be done with a key in a status. */
export interface EKeyRowActions {
  freeze: boolean;
  unfreeze: boolean;
  /** Change validity, edit name, remarks and remote unlock. */
  change: boolean;
  /** Send its notice again. */
  notice: boolean;
  remove: boolean;
}

const LIVE: ReadonlySet<string> = new Set<string>([
  EKeyStatus.normal,
  EKeyStatus.waitingAccept,
  EKeyStatus.freezing,
  EKeyStatus.frozen,
  EKeyStatus.unfreezing,
  EKeyStatus.updating,
  EKeyStatus.overdue,
]);

/**
 * A key in use (or waiting for its holder, or being changed) can be frozen; a frozen or freezing
 * one unfrozen. Keys that are deleted, reset, or on their way there can only be deleted (from the
 * list); a deleted one not even that. An administrator's key is the owner's to decide: shown to
 * another administrator (`ownersToDecide`), it offers only its notice.
 */
export function eKeyRowActions(status: string, ownersToDecide = false): EKeyRowActions {
  const live = LIVE.has(status);
  if (ownersToDecide) return { freeze: false, unfreeze: false, change: false, notice: live, remove: false };
  return {
    freeze:
      status === EKeyStatus.normal ||
      status === EKeyStatus.updating ||
      status === EKeyStatus.unfreezing ||
      status === EKeyStatus.waitingAccept,
    unfreeze: status === EKeyStatus.frozen || status === EKeyStatus.freezing,
    change: live,
    notice: live,
    remove: status !== EKeyStatus.deleted && status !== EKeyStatus.deleting,
  };
}
