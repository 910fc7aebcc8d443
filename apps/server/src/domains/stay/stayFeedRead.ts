import {
  type Locale,
  PasscodeStatus,
  parseAccount,
  resolveLocale,
  stayGuestUrl,
  TemplateType,
} from '@smartlock/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../db/client';
import { ApiError } from '../../http/apiError';
import { translate } from '../../i18n';
import type { BrandRegistry } from '../company/brands';
import { findLockById } from '../lock/lockQueries';
import type { NoticeWriter } from '../notice/noticeWriter';
import type { PasscodeCaller } from '../passcode/passcodeService';
import { passcodeValidityText } from '../passcode/passcodeText';
import { templatePage } from '../template/templateQueries';
import { findUserByAccount } from '../user/userQueries';
import { type FeedFetch, readFeed } from './feedReader';
import { GuestLinks } from './guestLink';
import { type Reservation, readReservations } from './reservations';
import { diffStays, windowOf } from './stayDiff';
import { endFeedRead, lockIdsOfFeed, type StayFeedRow } from './stayFeedQueries';
import { type IssueResult, randomDigits, StayIssuer } from './stayIssuer';
import {
  type CredentialListed,
  credentialsOfStays,
  insertStay,
  overlappingStays,
  resetCredentials,
  type StayRow,
  setCredential,
  staysOfFeed,
  updateStay,
} from './stayQueries';

/** A feed is read about every 15 minutes, moved by up to a fifth either way (jitter). */
export const POLL_INTERVAL_MS = 15 * 60_000;
export const POLL_JITTER = 0.2;

export function nextPollDelay(random: number): number {
  return Math.round(POLL_INTERVAL_MS * (1 + POLL_JITTER * (2 * random - 1)));
}

export interface ReadOptions {
  now: () => number;
  random: () => number;
  fetch: typeof fetch;
  timeoutMs: number;
  production: boolean;
  /** How long a read waits for the operations it started to end (the codes on the locks) before it notifies. */
  settleMs: number;
}

/** What one read of a feed changed. */
export interface ReadSummary {
  added: number;
  moved: number;
  removed: number;
}

/** The same guest: the same email or phone, else (neither has one) the same name. */
function sameGuest(a: Pick<StayRow, 'guestEmail' | 'guestPhone' | 'guestName'>, b: typeof a): boolean {
  if (a.guestEmail && b.guestEmail && a.guestEmail === b.guestEmail) return true;
  if (a.guestPhone && b.guestPhone && a.guestPhone === b.guestPhone) return true;
  const contact = a.guestEmail || a.guestPhone || b.guestEmail || b.guestPhone;
  return !contact && a.guestName !== '' && a.guestName.toLowerCase() === b.guestName.toLowerCase();
}

/**
 * One read of one feed (claimed by the caller: the poller, or "Read now"): fetch it, and if it
 * was read and parsed, apply the diff to its stays in one transaction, then bring the codes on
 * the locks in line (issue, change, revoke, through the passcode service as the feed's owner) and
 * tell guests. A feed that cannot be read or parsed keeps its error and changes nothing.
 */
export class StayFeedRead {
  private readonly issuer: StayIssuer;

  constructor(
    private readonly db: Db,
    issuer: StayIssuer,
    private readonly notices: NoticeWriter,
    private readonly brands: BrandRegistry,
    private readonly links: GuestLinks,
    private readonly log: FastifyBaseLogger,
    private readonly options: ReadOptions,
  ) {
    this.issuer = issuer;
  }

  /** Reads a claimed feed (its lease as claimed) and gives the lease back. */
  async read(feed: StayFeedRow): Promise<ReadSummary> {
    const summary: ReadSummary = { added: 0, moved: 0, removed: 0 };
    const lease = feed.leaseUntil;
    const done = (values: Partial<StayFeedRow>) =>
      endFeedRead(this.db, feed.id, lease, {
        lastPolledAt: new Date(this.options.now()),
        nextPollAt: new Date(this.options.now() + nextPollDelay(this.options.random())),
        ...values,
      });
    try {
      const fetched = await this.fetch(feed);
      if (fetched.kind === 'failed') {
        await done({ state: 'error', errorKey: fetched.errorKey, errorParams: fetched.errorParams });
        return summary;
      }
      if (fetched.kind === 'read') {
        const lock = feed.lockId === null ? undefined : await findLockById(this.db, feed.lockId);
        const offsetMs = lock?.timezoneRawOffset ?? (await this.groupOffset(feed));
        const reading = readReservations(fetched.text, { offsetMs, now: this.options.now() });
        if (!reading.ok) {
          await done({ state: 'error', errorKey: reading.errorKey, errorParams: reading.errorParams });
          return summary;
        }
        Object.assign(summary, await this.apply(feed, reading.reservations, reading.uids));
      }
      await this.settle(feed);
      await done({
        state: 'ok',
        errorKey: null,
        errorParams: null,
        ...(fetched.kind === 'read' ? { etag: fetched.etag, lastModified: fetched.lastModified } : {}),
      });
      return summary;
    } catch (error) {
      this.log.warn({ err: error, feedId: feed.id }, 'calendar feed read failed');
      await done({}).catch(() => undefined);
      throw error;
    }
  }

  private fetch(feed: StayFeedRow): Promise<FeedFetch> {
    return readFeed(
      feed.url,
      { etag: feed.etag, lastModified: feed.lastModified },
      { fetch: this.options.fetch, timeoutMs: this.options.timeoutMs, production: this.options.production },
    );
  }

  /** A group's all-day stays are read at its first lock's time zone. */
  private async groupOffset(feed: StayFeedRow): Promise<number> {
    const [first] = await lockIdsOfFeed(this.db, feed);
    const lock = first === undefined ? undefined : await findLockById(this.db, first);
    return lock?.timezoneRawOffset ?? 0;
  }

  /** The guest's language: the feed's word, else the account of their email's, else the owner's. */
  private async localeOf(feed: StayFeedRow, reservation: Reservation): Promise<Locale> {
    if (reservation.locale) return reservation.locale;
    if (reservation.email) {
      const parsed = parseAccount(reservation.email);
      const account = parsed.ok ? await findUserByAccount(this.db, parsed.account) : undefined;
      const locale = resolveLocale(account?.locale);
      if (locale) return locale;
    }
    return resolveLocale(feed.locale) ?? 'en_US';
  }

  /** The diff, in one transaction: stays added (a credential row per lock), moved, cancelled. */
  private async apply(feed: StayFeedRow, reservations: Reservation[], uids: Set<string>): Promise<ReadSummary> {
    const lockIds = await lockIdsOfFeed(this.db, feed);
    const locales = new Map<string, Locale>();
    for (const reservation of reservations) locales.set(reservation.uid, await this.localeOf(feed, reservation));
    return this.db.transaction(async (tx) => {
      const known = await staysOfFeed(tx, feed.id);
      const diff = diffStays(
        known.map((s) => ({
          id: s.id,
          uid: s.uid,
          state: s.state,
          checkIn: s.checkIn.getTime(),
          checkOut: s.checkOut.getTime(),
          validFrom: s.validFrom.getTime(),
          validTo: s.validTo.getTime(),
        })),
        reservations,
        uids,
        feed,
      );
      const guest = (r: Reservation) => ({
        summary: r.summary.slice(0, 200),
        guestName: r.guestName,
        guestEmail: r.email,
        guestPhone: r.phone,
        guestLocale: locales.get(r.uid) ?? 'en_US',
      });
      const dates = (r: Reservation) => {
        const window = windowOf(r, feed);
        return {
          checkIn: new Date(r.checkIn),
          checkOut: new Date(r.checkOut),
          validFrom: new Date(window.validFrom),
          validTo: new Date(window.validTo),
        };
      };
      for (const { stay, reservation } of diff.kept) {
        const row = known.find((s) => s.id === stay.id);
        const fresh = guest(reservation);
        const same =
          row &&
          row.summary === fresh.summary &&
          row.guestName === fresh.guestName &&
          row.guestEmail === fresh.guestEmail &&
          row.guestPhone === fresh.guestPhone &&
          row.guestLocale === fresh.guestLocale;
        if (!same) await updateStay(tx, stay.id, fresh);
      }
      for (const stay of diff.removed) await updateStay(tx, stay.id, { state: 'cancelled' });
      for (const { stay, reservation } of diff.moved) {
        await updateStay(tx, stay.id, { ...guest(reservation), ...dates(reservation) });
      }
      for (const reservation of diff.added) {
        const existing = known.find((s) => s.uid === reservation.uid);
        const values = {
          ...guest(reservation),
          ...dates(reservation),
          state: 'live',
          errorKey: null,
          errorParams: null,
          notifiedAt: null,
          guestNonce: GuestLinks.nonce(),
        };
        const stay = existing
          ? { ...existing, ...values }
          : await insertStay(tx, { feedId: feed.id, uid: reservation.uid, ...values });
        if (existing) await updateStay(tx, existing.id, values);
        await resetCredentials(tx, stay.id, lockIds);
      }
      // The same guest twice at a lock at once: the later stay is refused (and looked at again on each read).
      for (const stay of await staysOfFeed(tx, feed.id)) {
        if (stay.state !== 'live' && !(stay.state === 'failed' && stay.errorKey === 'errors.stayGuestOverlap'))
          continue;
        await this.checkOverlap(tx, stay, lockIds);
      }
      return { added: diff.added.length, moved: diff.moved.length, removed: diff.removed.length };
    });
  }

  private async checkOverlap(tx: Executor, stay: StayRow, lockIds: number[]): Promise<void> {
    const clash = (await overlappingStays(tx, stay, lockIds)).find(
      (other) => sameGuest(stay, other) && (other.createdAt < stay.createdAt || other.id < stay.id),
    );
    if (clash) {
      if (stay.state === 'failed') return;
      const other = `${clash.guestName || clash.summary}, ${clash.checkIn.toISOString().slice(0, 10)} – ${clash.checkOut.toISOString().slice(0, 10)}`;
      await updateStay(tx, stay.id, { state: 'failed', errorKey: 'errors.stayGuestOverlap', errorParams: { other } });
    } else if (stay.state === 'failed') {
      await updateStay(tx, stay.id, { state: 'live', errorKey: null, errorParams: null });
    }
  }

  /**
   * Brings the codes on the locks in line with the stays: a live stay in reach without a code gets
   * one, a moved one's validity follows, a cancelled or failed one's code is removed. Operations
   * still running are left for the next read. Then waits (bounded) for the operations to end and
   * tells the guests whose codes are on their locks.
   */
  private async settle(feed: StayFeedRow): Promise<void> {
    const caller = this.callerOf(feed);
    const now = this.options.now();
    const all = await staysOfFeed(this.db, feed.id);
    const credentials = await credentialsOfStays(
      this.db,
      all.map((s) => s.id),
    );
    for (const stay of all) {
      const own = credentials.get(stay.id) ?? [];
      if (stay.state !== 'live') {
        for (const credential of own) {
          const refused = await this.issuer.revoke(feed.ownerId, feed.id, credential);
          if (refused) await setCredential(this.db, stay.id, credential.credential.lockId, refused);
          const qr = credential.credential.qrCredentialId;
          if (qr !== null) await this.issuer.revokeQr(feed.ownerId, stay, credential.credential.lockId, qr);
        }
        continue;
      }
      if (stay.validTo.getTime() <= now) continue;
      let digits = randomDigits(caller.brandMinLength);
      for (const credential of own) {
        const result = credential.passcode
          ? await this.issuer.move(caller, stay, credential)
          : await this.issuer.issue(caller, stay, credential.credential.lockId, digits);
        await this.settleQr(caller, stay, credential, result);
        if (!result) continue;
        if ('passcodeId' in result) {
          digits = credential.passcode ? digits : result.code;
          await setCredential(this.db, stay.id, credential.credential.lockId, {
            passcodeId: result.passcodeId,
            errorKey: null,
            errorParams: null,
          });
        } else {
          await setCredential(this.db, stay.id, credential.credential.lockId, {
            errorKey: result.errorKey,
            errorParams: result.errorParams,
          });
        }
      }
    }
    await this.waitForOperations(all.map((s) => s.id));
    if (feed.notify === 'contact') await this.notifyGuests(feed, caller);
  }

  /**
   * A live stay's QR code on a lock that reads them: issued once (the guest page shows it), its
   * window following the stay's; none while the lock refused the stay's passcode.
   */
  private async settleQr(
    caller: PasscodeCaller,
    stay: StayRow,
    credential: CredentialListed,
    passcode: IssueResult | undefined,
  ) {
    const lockId = credential.credential.lockId;
    const qr = credential.credential.qrCredentialId;
    const done = passcode !== undefined && 'passcodeId' in passcode;
    if (qr !== null) {
      // The passcode was moved: so is the QR code.
      if (credential.passcode && done) await this.issuer.moveQr(caller, stay, lockId, qr);
      return;
    }
    if (!done && !credential.passcode) return;
    const issued = await this.issuer.issueQr(caller, stay, lockId);
    if (issued !== undefined) await setCredential(this.db, stay.id, lockId, { qrCredentialId: issued });
  }

  /** Waits until none of these stays' passcodes has an operation running, or settleMs passes. */
  private async waitForOperations(stayIds: number[]): Promise<void> {
    const until = Date.now() + this.options.settleMs;
    for (;;) {
      const credentials = [...(await credentialsOfStays(this.db, stayIds)).values()].flat();
      if (!StayIssuer.busy(credentials) || Date.now() >= until) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** The feed's owner as the caller of the passcode service, in the feed's brand and language. */
  callerOf(feed: StayFeedRow): PasscodeCaller {
    const origin = feed.brand || 'http://localhost';
    const brand = this.brands.byHost(safeHost(origin));
    return {
      userId: feed.ownerId,
      locale: resolveLocale(feed.locale) ?? 'en_US',
      brandName: brand.name,
      origin,
      appUrl: brand.appUrl,
      brandMinLength: brand.passcodeMinLength,
    };
  }

  /**
   * Tells each live guest with an email or phone, once, whose codes are on their locks (or offline):
   * the codes, their validity at the lock and the guest page, in the guest's language, in the
   * owner's passcode template of that channel when there is one, else the standard words.
   */
  private async notifyGuests(feed: StayFeedRow, caller: PasscodeCaller): Promise<void> {
    const now = this.options.now();
    const waiting = (await staysOfFeed(this.db, feed.id)).filter(
      (s) => s.state === 'live' && s.notifiedAt === null && s.validTo.getTime() > now && (s.guestEmail || s.guestPhone),
    );
    if (waiting.length === 0) return;
    const credentials = await credentialsOfStays(
      this.db,
      waiting.map((s) => s.id),
    );
    for (const stay of waiting) {
      const own = credentials.get(stay.id) ?? [];
      const ready = own.filter((c) => c.passcode?.status === PasscodeStatus.normal);
      if (ready.length === 0 || ready.length < own.length) continue;
      try {
        await this.notify(feed, caller, stay, ready);
        await updateStay(this.db, stay.id, { notifiedAt: new Date(now), errorKey: null, errorParams: null });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        await updateStay(this.db, stay.id, { errorKey: `errors.${error.errorName}`, errorParams: error.params });
      }
    }
  }

  private async notify(feed: StayFeedRow, caller: PasscodeCaller, stay: StayRow, ready: CredentialListed[]) {
    const first = ready[0] as CredentialListed;
    const lock = await findLockById(this.db, first.credential.lockId);
    if (!lock || !first.passcode) return;
    const locale = resolveLocale(stay.guestLocale) ?? caller.locale;
    const channel = stay.guestEmail ? 'email' : 'sms';
    const codes = ready
      .map((c) => (ready.length > 1 ? `${c.passcode?.code} (${c.lockName})` : (c.passcode?.code ?? '')))
      .join(', ');
    const lockNames = ready.map((c) => c.lockName).join(', ');
    const validity = passcodeValidityText(locale, lock.timezoneRawOffset, first.passcode);
    const link = stayGuestUrl(caller.origin, this.links.token(stay.id, stay.guestNonce));
    const params = {
      brand: caller.brandName,
      lock: lockNames,
      passcode: codes,
      validity,
      guest: stay.guestName || stay.summary,
      link,
    };
    const [template] = (
      await templatePage(this.db, lock.ownerId, { channel, type: TemplateType.passcode, pageNo: 1, pageSize: 1 })
    ).rows;
    const request = {
      caller: { ...caller, locale },
      lock,
      channel,
      recipient: (stay.guestEmail ?? stay.guestPhone) as string,
      locale,
      type: TemplateType.passcode,
      standard: {
        subject: translate(locale, 'notices.staySubject', params),
        body: translate(locale, 'notices.stayBody', params),
      },
      values: { passcode: codes, time: validity },
      linkUntil: stay.validTo.getTime(),
      kind: 'stayNotice',
      metadata: { stayId: stay.id, feedId: feed.id },
    } as const;
    try {
      await this.notices.send({ ...request, templateId: template?.id });
    } catch (error) {
      // A template the owner may no longer use: the standard words.
      if (!template || !(error instanceof ApiError) || error.errorName.endsWith('BalanceEmpty')) throw error;
      await this.notices.send(request);
    }
  }
}

function safeHost(origin: string): string {
  try {
    return new URL(origin).hostname;
  } catch {
    return '';
  }
}
