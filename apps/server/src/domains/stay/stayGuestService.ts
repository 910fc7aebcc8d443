import {
  hasFeature,
  LockSwitch,
  RemoteOperationState,
  RemoteUnlockSwitch,
  type StayGuestLock,
  type StayGuestPage,
} from '@smartlock/contract';
import type { Db } from '../../db/client';
import { ApiError } from '../../http/apiError';
import type { RateLimiter } from '../../security/rateLimit';
import { findOwnedGroup } from '../group/groupQueries';
import { managedLock } from '../lock/lockAccess';
import type { RemoteOperationService } from '../remoteOperation/remoteOperationService';
import type { GuestLinks } from './guestLink';
import {
  findGuestStay,
  type GuestLockRow,
  type GuestStay,
  guestLocks,
  type InstructionsTarget,
  instructionsOf,
  writeInstructions,
} from './stayGuestQueries';

/** Unlocks one stay's guest page may ask for in a window (a shared link cannot hammer the lock). */
export const GUEST_UNLOCK_LIMIT = { count: 10, windowMs: 10 * 60_000 };
/** The rate counter of one stay's unlocks (a link and the stay are one: a new link is a new nonce of the same stay). */
export const guestUnlockKey = (stayId: number) => `stay:guest-unlock:${stayId}`;

export interface StayGuestDeps {
  db: Db;
  links: GuestLinks;
  operations: RemoteOperationService;
  limiter: RateLimiter;
  /** How long a remote operation may take (the unlock is answered once it ended). */
  operationMs: number;
  /** A brand's name by the key a feed keeps (its package name), if the brand still exists. */
  brandName: (brand: string) => string | undefined;
}

/**
 * A stay's guest page (docs/stays.md, "The guest page"): the link names a stay and its nonce;
 * the page answers while the stay is live and before its window's end. An unknown, changed,
 * revoked or expired link answers alike (`stayLinkInvalid`). The guest may unlock remotely
 * where the feed's owner allows it, through the owner's gateway, during the window; the unlock
 * runs on the owner's behalf. Arrival instructions are written per lock (by its managers) or
 * per group (by its owner).
 */
export class StayGuestService {
  constructor(private readonly deps: StayGuestDeps) {}

  async page(token: string, fallbackBrandName: string): Promise<StayGuestPage> {
    const stay = await this.liveStay(token);
    const now = Date.now();
    const rows = await guestLocks(this.deps.db, stay.stayId, stay.ownerId);
    return {
      brandName: this.deps.brandName(stay.brand) ?? fallbackBrandName,
      guestName: stay.guestName,
      locale: stay.guestLocale,
      validFrom: stay.validFrom.getTime(),
      validTo: stay.validTo.getTime(),
      locks: rows.map((row) => presentLock(stay, row, now)),
    };
  }

  async unlock(token: string, lockId: number): Promise<{ success: boolean }> {
    const stay = await this.liveStay(token);
    const { count } = await this.deps.limiter.hit(guestUnlockKey(stay.stayId), GUEST_UNLOCK_LIMIT.windowMs);
    if (count > GUEST_UNLOCK_LIMIT.count) throw new ApiError('tooManyRequests');
    const row = (await guestLocks(this.deps.db, stay.stayId, stay.ownerId)).find((r) => r.lockId === lockId);
    if (!row || !canUnlock(stay, row, Date.now()))
      throw new ApiError('remoteUnlockNotEnabled', {}, 'not offered on this stay now');
    const started = await this.deps.operations.start(stay.ownerId, lockId, { name: 'unlock' }).catch((error) => {
      // The owner no longer manages the lock: the stay's link is void for it, as for an unlock link.
      if (error instanceof ApiError && error.errorName === 'noPermission') throw new ApiError('stayLinkInvalid');
      throw error;
    });
    const ended = await this.deps.operations.waitForEnd(started.operationId, this.deps.operationMs + 2000);
    return { success: ended.state === RemoteOperationState.success };
  }

  async instructions(userId: number, target: InstructionsTarget): Promise<{ text: string }> {
    await this.requireWriter(userId, target);
    return { text: await instructionsOf(this.deps.db, target) };
  }

  async setInstructions(userId: number, target: InstructionsTarget, text: string): Promise<Record<string, never>> {
    await this.requireWriter(userId, target);
    await writeInstructions(this.deps.db, userId, target, text.trim());
    return {};
  }

  /** The stay a token names, live and before its window's end; else "stay link invalid". */
  private async liveStay(token: string): Promise<GuestStay> {
    const named = this.deps.links.parse(token);
    const stay = named && (await findGuestStay(this.deps.db, named.stayId));
    if (!named || !stay || stay.nonce !== named.nonce || stay.state !== 'live' || Date.now() >= stay.validTo.getTime())
      throw new ApiError('stayLinkInvalid');
    return stay;
  }

  /** A lock's managers write its instructions; a group's owner, the group's. */
  private async requireWriter(userId: number, target: InstructionsTarget): Promise<void> {
    if ('lockId' in target) {
      await managedLock(this.deps.db, userId, target.lockId);
      return;
    }
    if (!(await findOwnedGroup(this.deps.db, userId, target.groupId)))
      throw new ApiError('noPermission', {}, 'not a group of this account');
  }
}

/** Remote unlock is offered: the feed allows it, the lock unlocks remotely through a gateway, now is in the window. */
function canUnlock(stay: GuestStay, row: GuestLockRow, now: number): boolean {
  return (
    stay.guestRemoteUnlock === 1 &&
    hasFeature(row.featureValue, 'remoteUnlock') &&
    row.switches[LockSwitch.remoteUnlock] === RemoteUnlockSwitch.on &&
    row.reachedByGateway &&
    stay.validFrom.getTime() <= now &&
    now < stay.validTo.getTime()
  );
}

function presentLock(stay: GuestStay, row: GuestLockRow, now: number): StayGuestLock {
  return {
    lockId: row.lockId,
    lockName: row.lockName,
    passcode: row.passcode,
    timezoneRawOffset: row.timezoneRawOffset,
    qrCode: row.qrCode,
    instructions: row.instructions,
    canUnlock: canUnlock(stay, row, now),
  };
}
