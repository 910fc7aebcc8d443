import { type ErrorName, errorMessageKey, LockAdminFlag } from '@smartlock/contract';
import type { TFunction } from 'i18next';
import { errorText, serverErrorOf } from '../../api/failureMessage';
import { type Issue, type ValidityDraft, validityIssue, validityParams } from '../credentials/validity';
import { type Receiver, receiverParams } from '../ekey/ekeyParams';

/** The contract's limits: at most this many lock or group ids per call, remarks this long. */
export const MAX_IDS_PER_CALL = 200;
export const ADMIN_REMARKS_MAX = 200;

/** Locks and whole groups (0 the ungrouped locks) an administrator is given or loses. */
export interface LockSelection {
  lockIds: readonly number[];
  groupIds: readonly number[];
}

const unique = (ids: readonly number[]) => [...new Set(ids)];

/** The selection as the contract takes it: comma-separated ids, each list left out when empty. */
export function selectionParams(selection: LockSelection): { lockIds?: string; groupIds?: string } {
  const lockIds = unique(selection.lockIds).filter((id) => Number.isInteger(id) && id > 0);
  const groupIds = unique(selection.groupIds).filter((id) => Number.isInteger(id) && id >= 0);
  return {
    ...(lockIds.length > 0 ? { lockIds: lockIds.join(',') } : {}),
    ...(groupIds.length > 0 ? { groupIds: groupIds.join(',') } : {}),
  };
}

/** What stops a selection being sent: nothing chosen, or more ids than one call takes. */
export function selectionIssue(selection: LockSelection): Issue | undefined {
  const lockIds = unique(selection.lockIds);
  const groupIds = unique(selection.groupIds);
  if (lockIds.length === 0 && groupIds.length === 0) return { key: 'errors.selectAtLeastOneLock' };
  if (lockIds.length > MAX_IDS_PER_CALL || groupIds.length > MAX_IDS_PER_CALL) {
    return { key: 'admin.tooManyLocks', params: { count: MAX_IDS_PER_CALL } };
  }
  return undefined;
}

/** What the add form holds. */
export interface AddAdminInput {
  receiver: Receiver;
  selection: LockSelection;
  validity: ValidityDraft;
  remarks?: string | undefined;
}

/** What stops the add form being sent, checked in the order the user sees the fields. */
export function addAdminIssue(input: AddAdminInput, now: number): Issue | undefined {
  if (input.receiver.account.trim() === '') return { key: 'admin.accountRequired' };
  return selectionIssue(input.selection) ?? validityIssue(input.validity, now);
}

/** The parameters of /admin/add. */
export function addAdminParams(input: AddAdminInput) {
  const remarks = input.remarks?.trim() ?? '';
  return {
    ...receiverParams(input.receiver),
    ...selectionParams(input.selection),
    ...validityParams(input.validity),
    ...(remarks ? { remarks } : {}),
  };
}

/** A lock as the administrator's lock list shows it. */
export interface AdminLockRow {
  lockId: number;
  isAuthorized: number;
}

export const isAuthorizedLock = (row: AdminLockRow): boolean => row.isAuthorized === LockAdminFlag.yes;

/**
 * The locks of a selection each action applies to: authorizing the ones not authorized yet,
 * taking away the ones that are.
 */
export function splitSelected(rows: readonly AdminLockRow[]): { toAuthorize: number[]; toDeauthorize: number[] } {
  const toAuthorize: number[] = [];
  const toDeauthorize: number[] = [];
  for (const row of rows) {
    const list = isAuthorizedLock(row) ? toDeauthorize : toAuthorize;
    if (!list.includes(row.lockId)) list.push(row.lockId);
  }
  return { toAuthorize, toDeauthorize };
}

/** Splits ids into the calls they need, at most `size` per call. */
export function idChunks(ids: readonly number[], size: number = MAX_IDS_PER_CALL): number[][] {
  const all = unique(ids);
  const out: number[][] = [];
  for (let i = 0; i < all.length; i += Math.max(1, size)) out.push(all.slice(i, i + Math.max(1, size)));
  return out;
}

/** The parameters of /admin/authorize for some locks. */
export function authorizeParams(adminUid: number, lockIds: readonly number[], validity: ValidityDraft) {
  return { adminUid, ...selectionParams({ lockIds, groupIds: [] }), ...validityParams(validity) };
}

/** The parameters of /admin/deauthorize for some locks. */
export function deauthorizeParams(adminUid: number, lockIds: readonly number[]) {
  return { adminUid, ...selectionParams({ lockIds, groupIds: [] }) };
}

/** The server's refusals the add form expects, shown in the user's language from the catalogue. */
const EXPECTED: readonly ErrorName[] = [
  'accountNotRegistered',
  'sameAsCurrentAccount',
  'selectAtLeastOneLock',
  'recipientNeedsCountryCode',
];

/** The key of an expected refusal, undefined for anything else. */
export function expectedErrorKey(name: ErrorName | undefined): string | undefined {
  return name && EXPECTED.includes(name) ? errorMessageKey(name) : undefined;
}

/** A failed administrator call as the user reads it. */
export function adminErrorText(t: TFunction, failure: unknown): string {
  const key = expectedErrorKey(serverErrorOf(failure));
  return key ? t(key) : errorText(t, failure);
}
