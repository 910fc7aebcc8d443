import type { RemoteOperation } from '@smartlock/contract';
import type { Db } from '../../db/client';
import { ApiError } from '../../http/apiError';
import { randomToken, sha256 } from '../../security/crypto';
import { operableLock } from './operableLock';
import { insertUnlockLink, liveUnlockLink } from './remoteOperationQueries';
import type { RemoteOperationService } from './remoteOperationService';

/**
 * Unlock links: an unguessable token (256 bits; only its SHA-256 is kept) that unlocks a lock
 * remotely for whoever opens it, until it expires — and only while the one who made it still
 * manages the lock and the lock's remote unlock is on, since the unlock runs on their behalf.
 */
export class UnlockLinks {
  constructor(
    private readonly db: Db,
    private readonly operations: RemoteOperationService,
    private readonly operationMs: number,
  ) {}

  async create(userId: number, lockId: number, validMinutes: number): Promise<{ token: string; expiresAt: number }> {
    // The lock's managers, and eKey holders allowed to unlock remotely now.
    await operableLock(this.db, userId, lockId, 'unlock');
    const token = randomToken(32);
    const expiresAt = new Date(Date.now() + validMinutes * 60_000);
    await insertUnlockLink(this.db, { lockId, createdBy: userId, tokenHash: sha256(token), expiresAt });
    return { token, expiresAt: expiresAt.getTime() };
  }

  /** Opens a link: the unlock, followed to its end. */
  async open(token: string): Promise<RemoteOperation & { lockName: string }> {
    const link = await liveUnlockLink(this.db, sha256(token));
    if (!link) throw new ApiError('unlockLinkInvalid');
    const started = await this.operations.start(link.createdBy, link.lockId, { name: 'unlock' }).catch((error) => {
      // The maker gave the lock away: the link is void, not "no permission" for the visitor.
      if (error instanceof ApiError && error.errorName === 'noPermission') throw new ApiError('unlockLinkInvalid');
      throw error;
    });
    const ended = await this.operations.waitForEnd(started.operationId, this.operationMs + 2000);
    return { ...ended, lockName: link.lockName };
  }
}
