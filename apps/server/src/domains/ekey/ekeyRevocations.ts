import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { ApiError } from '../../http/apiError';
import type { RemoteOperationService } from '../remoteOperation/remoteOperationService';
import { pendingRevocations, pendingRevocationsOnGateway } from './ekeyRevocationQueries';

/**
 * Tells locks which eKey credentials to refuse (revokeEKey), through a gateway when one reaches
 * the lock. A lock out of reach is told when one of its gateways comes back online: the wanted
 * revocation (revokeBelow) stays above what the lock confirmed (lockRevokedBelow) until then.
 */
export class EKeyRevocations {
  constructor(
    private readonly db: Db,
    private readonly operations: RemoteOperationService,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Sends what is pending for these keys; a lock out of reach is not an error. */
  async send(userId: number, keyIds: readonly number[]): Promise<void> {
    if (keyIds.length === 0) return;
    const pending = await pendingRevocations(this.db, keyIds);
    for (const item of pending) {
      try {
        await this.operations.start(
          userId,
          item.lock.id,
          { name: 'revokeEKey', credential: { keyId: item.keyId, belowVersion: item.belowVersion } },
          { lock: item.lock },
        );
      } catch (error) {
        if (error instanceof ApiError && error.errorName === 'lockNotConnectedToGateway') continue;
        this.log.warn({ err: error, keyId: item.keyId }, 'eKey revocation not sent');
      }
    }
  }

  /** A gateway came online: the revocations its locks have not confirmed go out now. */
  async resendForGateway(gatewayId: number): Promise<void> {
    const pending = await pendingRevocationsOnGateway(this.db, gatewayId);
    const bySender = new Map<number, number[]>();
    for (const row of pending) bySender.set(row.senderId, [...(bySender.get(row.senderId) ?? []), row.keyId]);
    for (const [senderId, keyIds] of bySender) await this.send(senderId, keyIds);
  }
}
