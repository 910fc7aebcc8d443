import {
  type DataOf,
  type Locale,
  type ParsedParamsOf,
  STAY_FEEDS_PER_ACCOUNT_MAX,
  STAY_FEEDS_PER_TARGET_MAX,
  type stay,
  stayGuestUrl,
} from '@smartlock/contract';
import type { Db } from '../../db/client';
import { ApiError } from '../../http/apiError';
import { offsetOf } from '../../http/paging';
import { findOwnedGroup, managedLockCountOf } from '../group/groupQueries';
import { credentialManager } from '../lock/credentialAccess';
import { checkWebhookUrl } from '../webhook/webhookUrl';
import type { GuestLinks } from './guestLink';
import {
  claimFeed,
  deleteFeed,
  feedById,
  feedCounts,
  feedsOfOwner,
  filedLockIds,
  insertFeed,
  type StayFeedRow,
  updateFeed,
} from './stayFeedQueries';
import type { ReadSummary, StayFeedRead } from './stayFeedRead';
import type { StayIssuer } from './stayIssuer';
import { presentFeed, presentStay } from './stayPresenter';
import { credentialsOfStays, staysOfFeed, staysOfOwner } from './stayQueries';

/** Who calls: the account, the reply language and the console's origin (the guest links point there). */
export interface StayCaller {
  userId: number;
  locale: Locale;
  origin: string;
}

/** How long "Read now" waits for a read another instance is making of the same feed. */
const BUSY_WAIT_MS = 20_000;

/**
 * Calendar feeds and their stays (docs/stays.md): subscribe a lock or a group the caller manages,
 * change, unsubscribe (the stays' codes revoked), read now, list the stays. Another account's
 * feed or stay answers noPermission, as one that does not exist.
 */
export class StayFeedService {
  constructor(
    private readonly deps: {
      db: Db;
      reads: StayFeedRead;
      issuer: StayIssuer;
      links: GuestLinks;
      production: boolean;
      /** A claim's lease, as the poller's. */
      leaseMs: number;
      now?: () => number;
    },
  ) {}

  private get db(): Db {
    return this.deps.db;
  }

  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }

  /** The feed address as this server reads it: the webhook domain's address rules. */
  private checkUrl(url: string): string {
    try {
      return checkWebhookUrl(url, this.deps.production);
    } catch {
      throw new ApiError('stayFeedUrlNotAllowed');
    }
  }

  /** A lock the caller manages, or a group of the caller's own whose every lock the caller manages. */
  private async checkTarget(userId: number, target: { lockId?: number | null; groupId?: number | null }) {
    if (target.lockId != null) {
      await credentialManager(this.db, userId, target.lockId);
      return;
    }
    const group = target.groupId == null ? undefined : await findOwnedGroup(this.db, userId, target.groupId);
    if (!group) throw new ApiError('noPermission', {}, 'no such group');
    const filed = await filedLockIds(this.db, userId, group.id);
    if (filed.length > 0 && (await managedLockCountOf(this.db, userId, filed)) !== filed.length) {
      throw new ApiError('noPermission', {}, 'a lock of the group is no longer managed');
    }
  }

  /** The caller's feed, else noPermission (another account's, or none). */
  private async own(userId: number, feedId: number): Promise<StayFeedRow> {
    const feed = await feedById(this.db, feedId);
    if (!feed || feed.ownerId !== userId) throw new ApiError('noPermission', {}, 'no such feed');
    return feed;
  }

  private async presented(caller: StayCaller, feedId: number) {
    const [listed] = await feedsOfOwner(this.db, caller.userId, { feedId });
    if (!listed) throw new ApiError('noPermission', {}, 'no such feed');
    return presentFeed(listed, caller.locale);
  }

  async feedList(
    caller: StayCaller,
    target: { lockId?: number | undefined; groupId?: number | undefined },
  ): Promise<DataOf<typeof stay.feedList>> {
    // A lock or group named must be the caller's to manage (a stranger learns nothing of it).
    if (target.lockId !== undefined) await credentialManager(this.db, caller.userId, target.lockId);
    if (target.groupId !== undefined && !(await findOwnedGroup(this.db, caller.userId, target.groupId))) {
      throw new ApiError('noPermission', {}, 'no such group');
    }
    const list = await feedsOfOwner(this.db, caller.userId, target);
    return { list: list.map((listed) => presentFeed(listed, caller.locale)) };
  }

  async feedAdd(caller: StayCaller, params: ParsedParamsOf<typeof stay.feedAdd>): Promise<DataOf<typeof stay.feedAdd>> {
    await this.checkTarget(caller.userId, params);
    const url = this.checkUrl(params.url);
    const feed = await this.db.transaction(async (tx) => {
      const counts = await feedCounts(tx, caller.userId, params);
      if (counts.ofTarget >= STAY_FEEDS_PER_TARGET_MAX) {
        throw new ApiError('tooManyStayFeeds', { max: STAY_FEEDS_PER_TARGET_MAX });
      }
      if (counts.ofAccount >= STAY_FEEDS_PER_ACCOUNT_MAX) {
        throw new ApiError('tooManyStayFeeds', { max: STAY_FEEDS_PER_ACCOUNT_MAX });
      }
      return insertFeed(tx, {
        ownerId: caller.userId,
        lockId: params.lockId ?? null,
        groupId: params.groupId ?? null,
        name: params.name,
        url,
        checkInBufferMinutes: params.checkInBufferMinutes,
        checkOutBufferMinutes: params.checkOutBufferMinutes,
        notify: params.notify,
        guestRemoteUnlock: params.guestRemoteUnlock ? 1 : 0,
        brand: caller.origin,
        locale: caller.locale,
      });
    });
    // Read at once: the answer shows what the feed held, or why it could not be read.
    await this.readNow(feed.id);
    return { feed: await this.presented(caller, feed.id) };
  }

  async feedUpdate(
    caller: StayCaller,
    params: ParsedParamsOf<typeof stay.feedUpdate>,
  ): Promise<DataOf<typeof stay.feedUpdate>> {
    const feed = await this.own(caller.userId, params.feedId);
    await this.checkTarget(caller.userId, feed);
    const url = this.checkUrl(params.url);
    const moved = url !== feed.url;
    await updateFeed(this.db, feed.id, {
      name: params.name,
      url,
      checkInBufferMinutes: params.checkInBufferMinutes,
      checkOutBufferMinutes: params.checkOutBufferMinutes,
      notify: params.notify,
      guestRemoteUnlock: params.guestRemoteUnlock ? 1 : 0,
      // Another address, or other buffers: read again soon, in full.
      ...(moved ||
      params.checkInBufferMinutes !== feed.checkInBufferMinutes ||
      params.checkOutBufferMinutes !== feed.checkOutBufferMinutes
        ? { etag: null, lastModified: null, nextPollAt: new Date(this.now()) }
        : {}),
    });
    return { feed: await this.presented(caller, feed.id) };
  }

  /** Unsubscribes: each stay's codes are removed from the locks, then the feed and its stays go. */
  async feedDelete(caller: StayCaller, feedId: number): Promise<void> {
    const feed = await this.own(caller.userId, feedId);
    const all = await staysOfFeed(this.db, feed.id);
    const credentials = await credentialsOfStays(
      this.db,
      all.map((s) => s.id),
    );
    for (const stayRow of all) {
      for (const credential of credentials.get(stayRow.id) ?? []) {
        await this.deps.issuer.revoke(feed.ownerId, feed.id, credential);
        const qr = credential.credential.qrCredentialId;
        if (qr !== null) await this.deps.issuer.revokeQr(feed.ownerId, stayRow, credential.credential.lockId, qr);
      }
    }
    await deleteFeed(this.db, feed.id);
  }

  async feedPoll(caller: StayCaller, feedId: number): Promise<DataOf<typeof stay.feedPoll>> {
    const feed = await this.own(caller.userId, feedId);
    await this.checkTarget(caller.userId, feed);
    const summary = await this.readNow(feed.id);
    return { feed: await this.presented(caller, feed.id), ...summary };
  }

  /** Claims the feed (waiting, bounded, while another read holds it) and reads it. */
  private async readNow(feedId: number): Promise<ReadSummary> {
    const until = Date.now() + BUSY_WAIT_MS;
    for (;;) {
      const claimed = await claimFeed(this.db, feedId, {
        now: new Date(this.now()),
        leaseMs: this.deps.leaseMs,
      });
      if (claimed) return this.deps.reads.read(claimed);
      if (Date.now() >= until) throw new ApiError('tooManyRequests', {}, 'the feed is being read');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  async list(caller: StayCaller, query: ParsedParamsOf<typeof stay.list>): Promise<DataOf<typeof stay.list>> {
    if (query.feedId !== undefined) await this.own(caller.userId, query.feedId);
    if (query.lockId !== undefined) await credentialManager(this.db, caller.userId, query.lockId);
    const now = this.now();
    const { rows, total } = await staysOfOwner(
      this.db,
      caller.userId,
      { feedId: query.feedId, lockId: query.lockId, state: query.state, now: new Date(now) },
      { offset: offsetOf(query.pageNo, query.pageSize), limit: query.pageSize },
    );
    const credentials = await credentialsOfStays(
      this.db,
      rows.map((r) => r.id),
    );
    const guestUrl = (row: { id: number; guestNonce: string }) =>
      stayGuestUrl(caller.origin, this.deps.links.token(row.id, row.guestNonce));
    return {
      list: rows.map((row) => presentStay(row, credentials.get(row.id) ?? [], caller.locale, now, guestUrl)),
      total,
    };
  }
}
