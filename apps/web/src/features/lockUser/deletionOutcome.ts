import type { LockUserDeletion } from './lockUserApi';

export type DeletionItem = LockUserDeletion['credentials'][number];

/** What a deletion came to: eKeys gone, administrator keys kept, credentials being deleted, and those that could not start. */
export interface DeletionSummary {
  ekeyCount: number;
  keptAdminKeys: number;
  started: number;
  failed: DeletionItem[];
}

export function summarizeDeletion(reply: LockUserDeletion): DeletionSummary {
  return {
    ekeyCount: reply.ekeyCount,
    keptAdminKeys: reply.keptAdminKeys,
    started: reply.credentials.filter((item) => item.errorCode === 0).length,
    failed: reply.credentials.filter((item) => item.errorCode !== 0),
  };
}
