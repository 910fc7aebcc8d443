import { LOCALES, type Locale, resolveLocale } from '@smartlock/contract';
import ICAL from 'ical.js';

/** The most events a feed may hold (more: the feed is refused whole). */
export const FEED_EVENTS_MAX = 1000;
/** Events that ended longer ago than this are left alone (they are over). */
export const ENDED_KEPT_MS = 24 * 3_600_000;
/** Events starting further ahead than this are not issued yet. */
export const AHEAD_MAX_MS = 400 * 24 * 3_600_000;
/** The longest UID taken (a longer one is no reservation of ours). */
export const UID_MAX = 500;
/** An all-day reservation's check-in and check-out at the lock's own time. */
export const CHECK_IN_HOUR = 15;
export const CHECK_OUT_HOUR = 11;

/** A reservation as a feed tells it. */
export interface Reservation {
  uid: string;
  summary: string;
  guestName: string;
  email: string | null;
  phone: string | null;
  /** The guest's language when the feed says it. */
  locale: Locale | undefined;
  checkIn: number;
  checkOut: number;
  cancelled: boolean;
}

export type FeedReading =
  | {
      ok: true;
      /** Reservations within reach (not ended a day ago, not more than 400 days ahead), by check-in. */
      reservations: Reservation[];
      /** Every UID the feed holds, in reach or not, blocked dates aside: a stay whose UID is missing left the feed. */
      uids: Set<string>;
    }
  | { ok: false; errorKey: string; errorParams: Record<string, string | number> };

/** Summaries of dates the host blocked, not reservations (Airbnb, Booking.com, Vrbo, most PMS). */
const BLOCKED = [/not available/i, /^\s*blocked\b/i, /^\s*closed\b/i, /\bowner block\b/i, /^\s*unavailable\b/i];
/** Summaries that name no guest ("Reserved", "Reservation"). */
const NAMELESS = /^\s*(reserved|reservation|booked|booking)\s*$/i;
/** The part of a summary before a guest's name ("Reserved - Anna Schmidt", "Booking: Jan Novák"). */
const NAME_PREFIX = /^\s*(reserved|reservation|booked|booking|airbnb|vrbo|booking\.com)\b[^-–:]*[-–:]\s*/i;

/** Language names a feed may write, in English and in their own words. */
const LANGUAGE_NAMES: Record<string, Locale> = {
  english: 'en_US',
  czech: 'cs_CZ',
  čeština: 'cs_CZ',
  german: 'de_DE',
  deutsch: 'de_DE',
  spanish: 'es_ES',
  español: 'es_ES',
  french: 'fr_FR',
  français: 'fr_FR',
  italian: 'it_IT',
  italiano: 'it_IT',
  japanese: 'ja_JP',
  日本語: 'ja_JP',
  portuguese: 'pt_PT',
  português: 'pt_PT',
  'brazilian portuguese': 'pt_BR',
  russian: 'ru_RU',
  русский: 'ru_RU',
  turkish: 'tr_TR',
  türkçe: 'tr_TR',
  ukrainian: 'uk_UA',
  українська: 'uk_UA',
  chinese: 'zh_CN',
  中文: 'zh_CN',
  'traditional chinese': 'zh_TW',
};

/** One of our 14 languages from a tag ("de", "pt-BR") or a name ("German"); undefined otherwise. */
export function localeOfLanguage(value: string | undefined): Locale | undefined {
  if (!value) return undefined;
  const named = LANGUAGE_NAMES[value.trim().toLowerCase()];
  if (named) return named;
  const resolved = resolveLocale(value);
  return resolved && (LOCALES as readonly string[]).includes(resolved) ? resolved : undefined;
}

/** "Key: value" lines of a description (PMS style: "Email:", "Phone:", "Language:", "Guest:"). */
function describedFields(description: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const line of description.split(/\r?\n|\\n/)) {
    const match = /^\s*([A-Za-z][A-Za-z -]{0,30}?)\s*:\s*(.+?)\s*$/.exec(line);
    if (match) fields.set((match[1] as string).toLowerCase().replace(/[\s-]/g, ''), match[2] as string);
  }
  return fields;
}

const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

function cleanEmail(value: string | undefined): string | null {
  const email = value
    ?.replace(/^mailto:/i, '')
    .trim()
    .toLowerCase();
  return email && EMAIL.test(email) && email.length <= 254 ? email : null;
}

/** A phone number as digits with its leading "+", or null when it is not a whole number (e.g. "last 4 digits"). */
function cleanPhone(value: string | undefined): string | null {
  if (!value) return null;
  const phone = value.replace(/^tel:/i, '').replace(/[\s().-]/g, '');
  return /^\+?[0-9]{7,15}$/.test(phone) ? phone : null;
}

/** The UTC instant of a wall-clock time in an IANA zone; undefined for a zone the runtime does not know. */
export function zonedToUtc(local: number, timeZone: string): number | undefined {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  } catch {
    return undefined;
  }
  const offsetAt = (utc: number) => {
    const parts = Object.fromEntries(format.formatToParts(utc).map((p) => [p.type, Number(p.value)]));
    const part = (name: string) => parts[name] ?? 0;
    const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
    return wall - Math.floor(utc / 1000) * 1000;
  };
  // Twice: the offset at the first guess may differ across a daylight-saving change.
  const first = local - offsetAt(local);
  return local - offsetAt(first);
}

/** A DTSTART or DTEND as an instant: all-day at the lock's check-in or check-out hour, else UTC, TZID or the lock's time. */
function instantOf(
  property: ICAL.Property | null,
  allDayHour: number,
  offsetMs: number,
  zones: Map<string, ICAL.Timezone>,
): number | undefined {
  const time = property?.getFirstValue();
  if (!(time instanceof ICAL.Time)) return undefined;
  const wall = Date.UTC(
    time.year,
    time.month - 1,
    time.day,
    time.isDate ? allDayHour : time.hour,
    time.isDate ? 0 : time.minute,
    time.isDate ? 0 : time.second,
  );
  if (time.isDate) return wall - offsetMs;
  if (time.zone === ICAL.Timezone.utcTimezone || time.zone?.tzid === 'UTC') return wall;
  const tzid = property?.getParameter('tzid');
  const name = typeof tzid === 'string' ? tzid : undefined;
  if (name) {
    const zoned = zonedToUtc(wall, name.replace(/^\/+/, ''));
    if (zoned !== undefined) return zoned;
    const declared = zones.get(name);
    if (declared) {
      const copy = time.clone();
      copy.zone = declared;
      return copy.toUnixTime() * 1000;
    }
  }
  // Floating time: the lock's own.
  return wall - offsetMs;
}

function text(event: ICAL.Component, name: string): string {
  const value = event.getFirstPropertyValue(name);
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * Reads an iCalendar feed of reservations (RFC 5545, parsed by ical.js): each VEVENT with a UID
 * that is not a blocked date becomes a reservation, all-day dates at the lock's check-in (15:00)
 * and check-out (11:00) hours, timed ones at their time zone; the guest's name from an ATTENDEE's
 * CN, else the summary; contact and language from ATTENDEE (mailto, LANGUAGE=) or the
 * description's "Email:", "Phone:", "Language:" lines. Refused whole (the key of its message)
 * when it is not a calendar or holds more than FEED_EVENTS_MAX events.
 */
export function readReservations(source: string, options: { offsetMs: number; now: number }): FeedReading {
  let calendar: ICAL.Component;
  try {
    const parsed = ICAL.parse(source);
    calendar = new ICAL.Component(parsed);
  } catch {
    return { ok: false, errorKey: 'stayFeed.notCalendar', errorParams: {} };
  }
  if (calendar.name !== 'vcalendar') return { ok: false, errorKey: 'stayFeed.notCalendar', errorParams: {} };
  const events = calendar.getAllSubcomponents('vevent');
  if (events.length > FEED_EVENTS_MAX) {
    return { ok: false, errorKey: 'stayFeed.tooManyEvents', errorParams: { max: FEED_EVENTS_MAX } };
  }
  const zones = new Map<string, ICAL.Timezone>();
  for (const zone of calendar.getAllSubcomponents('vtimezone')) {
    const tz = new ICAL.Timezone(zone);
    if (tz.tzid) zones.set(tz.tzid, tz);
  }
  const uids = new Set<string>();
  const reservations: Reservation[] = [];
  for (const event of events) {
    const uid = text(event, 'uid');
    const summary = text(event, 'summary');
    if (!uid || uid.length > UID_MAX || BLOCKED.some((pattern) => pattern.test(summary))) continue;
    uids.add(uid);
    const checkIn = instantOf(event.getFirstProperty('dtstart'), CHECK_IN_HOUR, options.offsetMs, zones);
    let checkOut = instantOf(event.getFirstProperty('dtend'), CHECK_OUT_HOUR, options.offsetMs, zones);
    if (checkIn === undefined) continue;
    if (checkOut === undefined) {
      const start = event.getFirstPropertyValue('dtstart');
      // An all-day event without an end lasts its one day (RFC 5545 3.6.1).
      if (start instanceof ICAL.Time && start.isDate) checkOut = checkIn + 20 * 3_600_000;
      else continue;
    }
    if (!(checkOut > checkIn)) continue;
    if (checkOut < options.now - ENDED_KEPT_MS || checkIn > options.now + AHEAD_MAX_MS) continue;
    reservations.push({ uid, summary, checkIn, checkOut, ...guestOf(event, summary) });
  }
  reservations.sort((a, b) => a.checkIn - b.checkIn || a.uid.localeCompare(b.uid));
  return { ok: true, reservations, uids };
}

/** Who the reservation is for, how to reach them, and their language; whether it is cancelled. */
function guestOf(
  event: ICAL.Component,
  summary: string,
): Omit<Reservation, 'uid' | 'summary' | 'checkIn' | 'checkOut'> {
  const fields = describedFields(text(event, 'description'));
  const attendee = event.getFirstProperty('attendee');
  const attendeeName = attendee?.getParameter('cn');
  const attendeeLanguage = attendee?.getParameter('language');
  const attendeeValue = attendee?.getFirstValue();
  const fromSummary = NAMELESS.test(summary) ? '' : summary.replace(NAME_PREFIX, '').trim();
  const guestName =
    (typeof attendeeName === 'string' ? attendeeName.trim() : '') ||
    fields.get('guest') ||
    fields.get('name') ||
    fields.get('guestname') ||
    fromSummary;
  return {
    guestName: guestName.slice(0, 100),
    email:
      cleanEmail(typeof attendeeValue === 'string' ? attendeeValue : undefined) ??
      cleanEmail(fields.get('email') ?? fields.get('e-mail')),
    phone: cleanPhone(fields.get('phone') ?? fields.get('phonenumber') ?? fields.get('mobile') ?? fields.get('tel')),
    locale:
      localeOfLanguage(typeof attendeeLanguage === 'string' ? attendeeLanguage : undefined) ??
      localeOfLanguage(fields.get('language') ?? fields.get('lang')),
    cancelled: text(event, 'status').toUpperCase() === 'CANCELLED',
  };
}
