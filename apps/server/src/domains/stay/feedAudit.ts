import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { lockOfTarget } from '../audit/auditQueries';
import type { AuditTrail } from '../audit/auditTrail';

/** A change a calendar feed made to a stay's passcode, as the audit trail keeps it. */
export interface FeedChange {
  /** The call the feed made (/passcode/add, /passcode/get, /passcode/change, /passcode/delete, /qrcode/add, /qrcode/delete...). */
  path: string;
  feedId: number;
  stayId: number;
  /** The feed's owner: the feed acts on their behalf. */
  ownerId: number;
  lockId: number;
  /** What it acted on: `{ keyboardPwdId }` or `{ credentialId }`. */
  target: Record<string, number>;
  /** What the call was given (never the digits). */
  params: Record<string, unknown>;
}

/**
 * The audit trail of what feeds do by themselves (docs/governance.md, "Audit trail"): each code
 * (passcode or QR code) a feed issues, moves or revokes is an entry in the lock owner's chain, the feed as the actor
 * (`actorKind` "feed", `appId` "feed:<id>") on its owner's behalf. Written once the change is
 * started, like a call's entry; a failure to write is logged, the change stands.
 */
export class FeedAudit {
  constructor(
    private readonly db: Db,
    private readonly trail: AuditTrail,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
  ) {}

  async record(change: FeedChange): Promise<void> {
    try {
      const lock = await lockOfTarget(this.db, { lockId: change.lockId });
      await this.trail.append({
        accountId: lock?.ownerId ?? change.ownerId,
        at: this.now(),
        actorUserId: change.ownerId,
        actorKind: 'feed',
        sessionId: null,
        apiKeyId: null,
        appId: `feed:${change.feedId}`,
        ip: '',
        userAgent: '',
        path: change.path,
        lockId: change.lockId,
        target: { ...change.target, stayId: change.stayId, feedId: change.feedId },
        params: change.params,
        before: null,
        after: null,
      });
    } catch (err) {
      this.log.warn({ err, feedId: change.feedId, stayId: change.stayId }, 'a feed change was not audited');
    }
  }
}
