import {
  type Locale,
  STAY_NOTIFY,
  type StayCredentialItem,
  type StayFeedItem,
  type StayItem,
  type StayNotify,
  type StayState,
} from '@smartlock/contract';
import { translate } from '../../i18n';
import type { StayFeedListed } from './stayFeedQueries';
import type { CredentialListed, StayRow } from './stayQueries';

const messageOf = (locale: Locale, key: string | null, params: Record<string, string | number> | null) =>
  key ? translate(locale, key, params ?? {}) : null;

export function presentFeed(listed: StayFeedListed, locale: Locale): StayFeedItem {
  const { row } = listed;
  return {
    feedId: row.id,
    lockId: row.lockId,
    groupId: row.groupId,
    targetName: listed.targetName,
    name: row.name,
    url: row.url,
    checkInBufferMinutes: row.checkInBufferMinutes,
    checkOutBufferMinutes: row.checkOutBufferMinutes,
    notify: (STAY_NOTIFY as readonly string[]).includes(row.notify) ? (row.notify as StayNotify) : 'none',
    guestRemoteUnlock: row.guestRemoteUnlock === 1,
    state: row.state === 'ok' || row.state === 'error' ? row.state : 'new',
    error: row.state === 'error' ? messageOf(locale, row.errorKey, row.errorParams) : null,
    lastPolledAt: row.lastPolledAt?.getTime() ?? null,
    nextPollAt: row.nextPollAt.getTime(),
    stayCount: listed.stayCount,
    createdAt: row.createdAt.getTime(),
  };
}

/** A stay's state at `now`: a live one is upcoming, active or ended by its window. */
export function stayStateOf(row: StayRow, now: number): StayState {
  if (row.state === 'cancelled' || row.state === 'failed') return row.state;
  if (now < row.validFrom.getTime()) return 'upcoming';
  return now < row.validTo.getTime() ? 'active' : 'ended';
}

function presentCredential(listed: CredentialListed, locale: Locale): StayCredentialItem {
  return {
    lockId: listed.credential.lockId,
    lockName: listed.lockName,
    timezoneRawOffset: listed.timezoneRawOffset,
    passcodeId: listed.passcode?.id ?? null,
    passcode: listed.passcode?.code ?? null,
    passcodeStatus: listed.passcode?.status ?? null,
    error: messageOf(locale, listed.credential.errorKey, listed.credential.errorParams),
  };
}

export function presentStay(
  row: StayRow,
  credentials: CredentialListed[],
  locale: Locale,
  now: number,
  guestUrl: (row: StayRow) => string,
): StayItem {
  const state = stayStateOf(row, now);
  return {
    stayId: row.id,
    feedId: row.feedId,
    uid: row.uid,
    summary: row.summary,
    guestName: row.guestName,
    guestEmail: row.guestEmail,
    guestPhone: row.guestPhone,
    guestLocale: row.guestLocale,
    checkIn: row.checkIn.getTime(),
    checkOut: row.checkOut.getTime(),
    validFrom: row.validFrom.getTime(),
    validTo: row.validTo.getTime(),
    state,
    error: messageOf(locale, row.errorKey, row.errorParams),
    credentials: credentials.map((c) => presentCredential(c, locale)),
    guestUrl: state === 'cancelled' || state === 'ended' || state === 'failed' ? null : guestUrl(row),
    updatedAt: row.updatedAt.getTime(),
  };
}
