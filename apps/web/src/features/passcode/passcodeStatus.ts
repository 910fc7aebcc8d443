import { CyclicPasscodeSubtype, nameOf, PasscodeStatus, PasscodeType, type ValueOf } from '@smartlock/contract';
import type { Translate } from '../credentials/validityText';

export type PasscodeStatusName = keyof typeof PasscodeStatus;

const COLOR: Record<PasscodeStatusName, string> = {
  normal: 'success',
  reset: 'default',
  deleted: 'default',
  invalid: 'default',
  willBeValid: 'blue',
  adding: 'processing',
  addFailed: 'error',
  updating: 'processing',
  updateFailed: 'error',
  deleting: 'processing',
  deleteFailed: 'error',
  tenantAdding: 'processing',
  tenantUpdating: 'processing',
};

function statusName(status: string): PasscodeStatusName | undefined {
  return nameOf(PasscodeStatus, status as ValueOf<typeof PasscodeStatus>);
}

/** The i18n key of a passcode status (110501 ... 110513); an unknown one says so with its code. */
export function passcodeStatusKey(status: string): string {
  const name = statusName(status);
  return name ? `passcode.status.${name}` : 'passcode.status.other';
}

export function passcodeStatusColor(status: string): string {
  const name = statusName(status);
  return name ? COLOR[name] : 'default';
}

/** Whether a passcode is on its way through the gateway (its row waits for the lock). */
export function isPasscodePending(status: string): boolean {
  return (
    status === PasscodeStatus.adding ||
    status === PasscodeStatus.updating ||
    status === PasscodeStatus.deleting ||
    status === PasscodeStatus.tenantAdding ||
    status === PasscodeStatus.tenantUpdating
  );
}

/** The i18n key of a passcode type (1 once ... 6 custom). */
export function passcodeTypeKey(type: number): string {
  const name = nameOf(PasscodeType, type as ValueOf<typeof PasscodeType>);
  return name ? `passcode.type.${name}` : 'passcode.type.other';
}

/** The i18n key of a cyclic subtype (5 weekend ... 14 Sunday). */
export function cyclicSubtypeKey(subtype: number): string {
  const name = nameOf(CyclicPasscodeSubtype, subtype as ValueOf<typeof CyclicPasscodeSubtype>);
  return name ? `passcode.cycle.${name}` : 'passcode.cycle.other';
}

/** A passcode's type, with its subtype when it is cyclic ("Recurring · Weekend"). */
export function passcodeTypeText(t: Translate, item: { keyboardPwdType: number; cycleType: number | null }): string {
  const type = t(passcodeTypeKey(item.keyboardPwdType), { code: item.keyboardPwdType });
  if (item.keyboardPwdType !== PasscodeType.cyclic || item.cycleType === null) return type;
  return t('passcode.typeWithCycle', { type, cycle: t(cyclicSubtypeKey(item.cycleType), { code: item.cycleType }) });
}

/** The cyclic subtypes in the order the console offers them. */
export const CYCLIC_SUBTYPES: readonly number[] = Object.values(CyclicPasscodeSubtype);

/** Offline codes (computed in the cloud) can only be renamed; a custom one also gets new digits and validity. */
export function isCustomPasscode(type: number): boolean {
  return type === PasscodeType.custom;
}

/** What can be done with a passcode in a status. */
export interface PasscodeRowActions {
  send: boolean;
  change: boolean;
  remove: boolean;
}

const USABLE: ReadonlySet<string> = new Set<string>([PasscodeStatus.normal, PasscodeStatus.willBeValid]);
const SETTLED_FAILURE: ReadonlySet<string> = new Set<string>([
  PasscodeStatus.updateFailed,
  PasscodeStatus.deleteFailed,
]);
const GONE: ReadonlySet<string> = new Set<string>([PasscodeStatus.deleted, PasscodeStatus.reset]);

/**
 * A usable code can be sent, changed and deleted; one whose change or deletion failed can be
 * changed or deleted again; one the lock never took (add failed) or that has ended can only be
 * deleted; nothing waits on a code already on its way through the gateway, or gone.
 */
export function passcodeRowActions(status: string): PasscodeRowActions {
  const pending = isPasscodePending(status);
  return {
    send: USABLE.has(status),
    change: USABLE.has(status) || SETTLED_FAILURE.has(status),
    remove: !pending && !GONE.has(status),
  };
}
