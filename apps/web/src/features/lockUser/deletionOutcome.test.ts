import { describe, expect, it } from 'vitest';
import { summarizeDeletion } from './deletionOutcome';

describe('lock user deletion outcome', () => {
  it('counts the credentials whose deletion started, and keeps those that could not start', () => {
    const failed = { kind: 'card', credentialId: 9, lockId: 3, errorCode: 90003, operationId: null };
    expect(
      summarizeDeletion({
        ekeyCount: 3,
        keptAdminKeys: 1,
        credentials: [
          { kind: 'passcode', credentialId: 1, lockId: 2, errorCode: 0, operationId: 'op-1' },
          failed,
          { kind: 'fingerprint', credentialId: 4, lockId: 2, errorCode: 0, operationId: 'op-2' },
        ],
      }),
    ).toEqual({ ekeyCount: 3, keptAdminKeys: 1, started: 2, failed: [failed] });
  });

  it('has nothing started or failed when the person held only eKeys', () => {
    expect(summarizeDeletion({ ekeyCount: 2, keptAdminKeys: 0, credentials: [] })).toEqual({
      ekeyCount: 2,
      keptAdminKeys: 0,
      started: 0,
      failed: [],
    });
  });
});
