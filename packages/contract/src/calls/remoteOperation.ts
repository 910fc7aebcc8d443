import { z } from 'zod';

/** Remote operations a console user can start on a lock. */
export const REMOTE_OPERATIONS = [
  'unlock',
  'lock',
  'queryState',
  'queryDate',
  'updateDate',
  'parkingLock',
  'updateSetting',
  'setAutoLockTime',
  'changeTimezone',
  'configPassageMode',
  'addPasscode',
  'changePasscode',
  'deletePasscode',
  'revokeEKey',
  // Cards, fingerprints, faces, palm veins, QR codes and key fobs (lockCredential.ts): stored,
  // changed, deleted, all of a kind cleared, a card reported lost (deleted, listed as lost).
  'addCredential',
  'changeCredential',
  'deleteCredential',
  'clearCredentials',
  'reportCardLoss',
  // A reconciliation reads what the lock stores (credentialSync.ts).
  'listCredentials',
] as const;
export type RemoteOperationName = (typeof REMOTE_OPERATIONS)[number];

/**
 * A remote operation as the API and the live channel show it. `state` is RemoteOperationState
 * (1 operating, 2 success, 3 failed, 4 no retry, 6 wait); a finished one carries its result or,
 * when it failed, the catalogue code of why.
 */
export const remoteOperation = z.object({
  operationId: z.string(),
  lockId: z.number().int(),
  name: z.enum(REMOTE_OPERATIONS),
  state: z.number().int(),
  /** Catalogue error code when it failed (state 3 or 4), else 0. */
  errorCode: z.number().int(),
  result: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.number(),
  /** Epoch ms by which it ends, one way or another. */
  deadline: z.number(),
  finishedAt: z.number().nullable(),
});
export type RemoteOperation = z.infer<typeof remoteOperation>;
