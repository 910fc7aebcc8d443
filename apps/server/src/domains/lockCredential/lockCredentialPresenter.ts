import { type CredentialItem, type LockCredentialKind, storedCredentialSyncState } from '@smartlock/contract';
import { Status } from './credentialKinds';
import type { LockCredentialRow } from './lockCredentialQueries';

/** Where the console loads a face's photo (with its session cookie): `${FACE_PHOTO_PATH}/<credentialId>`. */
export const FACE_PHOTO_PATH = '/api/face/photo';

/** The status as of now: a normal credential not started yet is will-be-valid, one past its end invalid. */
export function statusNow(row: LockCredentialRow, now = Date.now()): number {
  if (row.status !== Status.normal) return row.status;
  if (row.startDate && row.startDate.getTime() > now) return Status.willBeValid;
  if (row.endDate && row.endDate.getTime() <= now) return Status.invalid;
  return row.status;
}

export function presentCredential(row: LockCredentialRow, senderUsername: string): CredentialItem {
  return {
    credentialId: row.id,
    lockId: row.lockId,
    kind: row.kind as LockCredentialKind,
    number: row.number,
    name: row.name,
    remark: row.remark,
    validityType: row.validityType,
    startDate: row.startDate?.getTime() ?? null,
    endDate: row.endDate?.getTime() ?? null,
    cycle: row.cycle,
    status: statusNow(row),
    senderUsername,
    createDate: row.createdAt.getTime(),
    type: row.type,
    idNumber: row.idNumber,
    link: row.kind === 'face' ? `${FACE_PHOTO_PATH}/${row.id}` : row.link,
    syncState: storedCredentialSyncState(row.status),
    syncError: row.syncError,
    nextRetryAt: row.syncNextAt?.getTime() ?? null,
  };
}
