/**
 * Offline passcodes (docs/credentials.md): 9-digit codes the cloud computes and a lock checks on
 * its own, with no network, from a key both derive from the secret shared at initialization.
 *
 * A code is a format-preserving encryption (an 8-round Feistel network over 0..10^9-1, keyed
 * with HMAC-SHA256) of a payload index. The payload says the type, the hour the code starts
 * (modulo START_PERIOD_HOURS, lock-local time), the length of a limited code, the cycle of a
 * cyclic one, and a serial that tells apart codes that would otherwise be equal. About half of
 * all 9-digit numbers decode to no payload at all.
 *
 * The lock resolves the start hour as the one matching the payload in the window
 * [now - 23 h, now - 23 h + START_PERIOD_HOURS): a code whose start lies ahead is "not yet
 * valid"; a code never used before must be used for the first time within ACTIVATION_HOURS of
 * its start (then the lock remembers it with its full validity). Cyclic codes carry their whole
 * rule and need no activation.
 */
import { CyclicPasscodeSubtype, PasscodeType } from '../enums/credential';
import { hmacSha256Hex } from '../hmac';
import { addMonths, HOUR_MS } from '../validation/time';

export const OFFLINE_PASSCODE_DIGITS = 9;
/** The start hour is encoded modulo this many hours (365 days): a code can start at most this far ahead, less a day. */
export const START_PERIOD_HOURS = 8760;
/** A code that starts at a given hour must be used for the first time within this many hours. */
export const ACTIVATION_HOURS = 24;
/** How far ahead an offline passcode may start, in hours (the window the lock resolves starts in). */
export const MAX_START_AHEAD_HOURS = START_PERIOD_HOURS - ACTIVATION_HOURS;
/** Limited codes last 1 to 8784 hours (up to a leap year), or 13 to 36 whole months. */
export const MAX_LIMITED_HOURS = 8784;
const MONTH_DURATIONS = 24;
const DURATION_CODES = MAX_LIMITED_HOURS + MONTH_DURATIONS;

/**
 * How many codes may share the same payload otherwise: the most codes of one type with one
 * validity (start hour of the year and length, or a cyclic rule) a lock can ever be given, since
 * a code once issued is never issued again. Limited codes of up to SHORT_LIMITED_HOURS (hotel
 * stays, short lets) have `shortLimited`, longer ones `limited`.
 */
export const OFFLINE_SERIALS = {
  once: 32,
  permanent: 128,
  clear: 4,
  limited: 4,
  shortLimited: 32,
  cyclic: 64,
} as const;
/** Limited codes lasting at most this many hours (31 days) have OFFLINE_SERIALS.shortLimited serials. */
export const SHORT_LIMITED_HOURS = 744;
/** The serials of short limited codes beyond the first OFFLINE_SERIALS.limited (their own segment). */
const EXTRA_SHORT_SERIALS = OFFLINE_SERIALS.shortLimited - OFFLINE_SERIALS.limited;

const DOMAIN = 10 ** OFFLINE_PASSCODE_DIGITS;
const HALF = 31_623; // ceil(sqrt(10^9)): the Feistel network permutes 0..HALF^2-1
const ROUNDS = 8;

export type OfflineDuration = { hours: number } | { months: number };

/** What a code says. `startResidue` is the start hour (lock-local, hours since 1970) modulo START_PERIOD_HOURS. */
export type OfflinePayload =
  | {
      type: typeof PasscodeType.once | typeof PasscodeType.permanent | typeof PasscodeType.clear;
      startResidue: number;
      serial: number;
    }
  | { type: typeof PasscodeType.limited; startResidue: number; duration: OfflineDuration; serial: number }
  | { type: typeof PasscodeType.cyclic; subtype: number; fromHour: number; toHour: number; serial: number };

type StartType = 'once' | 'permanent' | 'clear';
const START_TYPES: Record<StartType, number> = {
  once: PasscodeType.once,
  permanent: PasscodeType.permanent,
  clear: PasscodeType.clear,
};
const CYCLE_COMBOS = 10 * 24 * 24;

/** Segments of the payload index, in order. */
const SEGMENTS = [
  { name: 'once', size: START_PERIOD_HOURS * OFFLINE_SERIALS.once },
  { name: 'permanent', size: START_PERIOD_HOURS * OFFLINE_SERIALS.permanent },
  { name: 'clear', size: START_PERIOD_HOURS * OFFLINE_SERIALS.clear },
  { name: 'limited', size: START_PERIOD_HOURS * DURATION_CODES * OFFLINE_SERIALS.limited },
  { name: 'cyclic', size: CYCLE_COMBOS * OFFLINE_SERIALS.cyclic },
  // Added after the others, so codes issued before it keep their meaning.
  { name: 'shortLimited', size: START_PERIOD_HOURS * SHORT_LIMITED_HOURS * EXTRA_SHORT_SERIALS },
] as const;
type SegmentName = (typeof SEGMENTS)[number]['name'];

function segmentBase(name: SegmentName): number {
  let base = 0;
  for (const segment of SEGMENTS) {
    if (segment.name === name) return base;
    base += segment.size;
  }
  throw new Error(`no segment ${name}`);
}

const FIRST_SUBTYPE = CyclicPasscodeSubtype.weekend;
const LAST_SUBTYPE = CyclicPasscodeSubtype.sunday;

/** The weekdays (1 Monday to 7 Sunday) of a cyclic subtype (5 to 14). */
export function cyclicWeekDays(subtype: number): number[] {
  switch (subtype) {
    case CyclicPasscodeSubtype.weekend:
      return [6, 7];
    case CyclicPasscodeSubtype.daily:
      return [1, 2, 3, 4, 5, 6, 7];
    case CyclicPasscodeSubtype.weekday:
      return [1, 2, 3, 4, 5];
    default:
      return subtype >= CyclicPasscodeSubtype.monday && subtype <= LAST_SUBTYPE
        ? [subtype - CyclicPasscodeSubtype.monday + 1]
        : [];
  }
}

function durationCode(duration: OfflineDuration): number | undefined {
  if ('hours' in duration) {
    const { hours } = duration;
    return Number.isInteger(hours) && hours >= 1 && hours <= MAX_LIMITED_HOURS ? hours - 1 : undefined;
  }
  const { months } = duration;
  return Number.isInteger(months) && months >= 13 && months <= 36 ? MAX_LIMITED_HOURS + months - 13 : undefined;
}

function durationOf(code: number): OfflineDuration {
  return code < MAX_LIMITED_HOURS ? { hours: code + 1 } : { months: code - MAX_LIMITED_HOURS + 13 };
}

/** How many limited codes of one start hour (of the year) and this length a lock can ever be given. */
export function limitedSerials(duration: OfflineDuration): number {
  return 'hours' in duration && duration.hours <= SHORT_LIMITED_HOURS
    ? OFFLINE_SERIALS.shortLimited
    : OFFLINE_SERIALS.limited;
}

const inRange = (value: number, min: number, maxExclusive: number) =>
  Number.isInteger(value) && value >= min && value < maxExclusive;

/** The payload's index, or undefined when a field is out of range. */
export function payloadIndex(payload: OfflinePayload): number | undefined {
  if (payload.type === PasscodeType.cyclic) {
    const { subtype, fromHour, toHour, serial } = payload;
    if (!inRange(subtype, FIRST_SUBTYPE, LAST_SUBTYPE + 1) || !inRange(fromHour, 0, 24) || !inRange(toHour, 1, 25))
      return undefined;
    if (fromHour >= toHour || !inRange(serial, 0, OFFLINE_SERIALS.cyclic)) return undefined;
    const combo = ((subtype - FIRST_SUBTYPE) * 24 + fromHour) * 24 + (toHour - 1);
    return segmentBase('cyclic') + combo * OFFLINE_SERIALS.cyclic + serial;
  }
  if (!inRange(payload.startResidue, 0, START_PERIOD_HOURS)) return undefined;
  if (payload.type === PasscodeType.limited) {
    const duration = durationCode(payload.duration);
    if (duration === undefined || !inRange(payload.serial, 0, limitedSerials(payload.duration))) return undefined;
    if (payload.serial < OFFLINE_SERIALS.limited) {
      return (
        segmentBase('limited') +
        (payload.startResidue * DURATION_CODES + duration) * OFFLINE_SERIALS.limited +
        payload.serial
      );
    }
    // A short code's further serials (its duration code is hours - 1 < SHORT_LIMITED_HOURS).
    return (
      segmentBase('shortLimited') +
      (payload.startResidue * SHORT_LIMITED_HOURS + duration) * EXTRA_SHORT_SERIALS +
      (payload.serial - OFFLINE_SERIALS.limited)
    );
  }
  const name = (Object.keys(START_TYPES) as StartType[]).find((key) => START_TYPES[key] === payload.type);
  if (!name || !inRange(payload.serial, 0, OFFLINE_SERIALS[name])) return undefined;
  return segmentBase(name) + payload.startResidue * OFFLINE_SERIALS[name] + payload.serial;
}

/** The payload at an index, or undefined for an index no payload has (most numbers). */
export function payloadAt(index: number): OfflinePayload | undefined {
  let base = 0;
  for (const segment of SEGMENTS) {
    if (index < base + segment.size) {
      const offset = index - base;
      if (segment.name === 'cyclic') {
        const serial = offset % OFFLINE_SERIALS.cyclic;
        const combo = Math.floor(offset / OFFLINE_SERIALS.cyclic);
        const toHour = (combo % 24) + 1;
        const fromHour = Math.floor(combo / 24) % 24;
        const subtype = Math.floor(combo / (24 * 24)) + FIRST_SUBTYPE;
        return fromHour < toHour ? { type: PasscodeType.cyclic, subtype, fromHour, toHour, serial } : undefined;
      }
      if (segment.name === 'shortLimited') {
        const rest = Math.floor(offset / EXTRA_SHORT_SERIALS);
        return {
          type: PasscodeType.limited,
          startResidue: Math.floor(rest / SHORT_LIMITED_HOURS),
          duration: { hours: (rest % SHORT_LIMITED_HOURS) + 1 },
          serial: OFFLINE_SERIALS.limited + (offset % EXTRA_SHORT_SERIALS),
        };
      }
      if (segment.name === 'limited') {
        const serial = offset % OFFLINE_SERIALS.limited;
        const rest = Math.floor(offset / OFFLINE_SERIALS.limited);
        return {
          type: PasscodeType.limited,
          startResidue: Math.floor(rest / DURATION_CODES),
          duration: durationOf(rest % DURATION_CODES),
          serial,
        };
      }
      const serials = OFFLINE_SERIALS[segment.name];
      return {
        type: START_TYPES[segment.name] as typeof PasscodeType.once,
        startResidue: Math.floor(offset / serials),
        serial: offset % serials,
      };
    }
    base += segment.size;
  }
  return undefined;
}

/** The key a lock and the cloud derive for offline passcodes from the lock's secret. */
export function offlinePasscodeKey(lockSecret: string): Promise<string> {
  return hmacSha256Hex(lockSecret, 'smartlock/offline-passcode/v1');
}

async function round(key: string, index: number, value: number): Promise<number> {
  const mac = await hmacSha256Hex(key, `${index}:${value}`);
  return Number.parseInt(mac.slice(0, 12), 16) % HALF;
}

async function permute(key: string, value: number): Promise<number> {
  let left = Math.floor(value / HALF);
  let right = value % HALF;
  for (let i = 0; i < ROUNDS; i++) {
    const next = (left + (await round(key, i, right))) % HALF;
    left = right;
    right = next;
  }
  return left * HALF + right;
}

async function unpermute(key: string, value: number): Promise<number> {
  let left = Math.floor(value / HALF);
  let right = value % HALF;
  for (let i = ROUNDS - 1; i >= 0; i--) {
    const previous = (((right - (await round(key, i, left))) % HALF) + HALF) % HALF;
    right = left;
    left = previous;
  }
  return left * HALF + right;
}

/** The 9-digit code of a payload (cycle-walking keeps the result below 10^9). */
export async function encodeOfflinePasscode(key: string, payload: OfflinePayload): Promise<string> {
  const index = payloadIndex(payload);
  if (index === undefined) throw new RangeError('offline passcode payload out of range');
  let value = await permute(key, index);
  while (value >= DOMAIN) value = await permute(key, value);
  return String(value).padStart(OFFLINE_PASSCODE_DIGITS, '0');
}

/** What a 9-digit code says, or undefined when it is not an offline passcode of this key. */
export async function decodeOfflinePasscode(key: string, code: string): Promise<OfflinePayload | undefined> {
  if (!/^[0-9]{9}$/.test(code)) return undefined;
  let value = await unpermute(key, Number(code));
  while (value >= DOMAIN) value = await unpermute(key, value);
  return payloadAt(value);
}

/** Lock-local hours since 1970 at a UTC instant, for a lock `offsetMs` from UTC. */
export function localHourOf(utcMs: number, offsetMs: number): number {
  return Math.floor((utcMs + offsetMs) / HOUR_MS);
}

/** The UTC instant a lock-local hour starts. */
export function utcOfLocalHour(hour: number, offsetMs: number): number {
  return hour * HOUR_MS - offsetMs;
}

export function startResidueOf(startHour: number): number {
  return ((startHour % START_PERIOD_HOURS) + START_PERIOD_HOURS) % START_PERIOD_HOURS;
}

/**
 * The start hour a lock reads from a residue at lock-local hour `nowHour`: the one in
 * [nowHour - 23, nowHour - 23 + START_PERIOD_HOURS). Later than `nowHour` means not yet valid.
 */
export function resolveStartHour(residue: number, nowHour: number): number {
  const windowStart = nowHour - (ACTIVATION_HOURS - 1);
  return windowStart + startResidueOf(residue - windowStart);
}

/** The lock-local hour a limited code ends (exclusive). Months count in lock-local calendar time. */
export function limitedEndHour(startHour: number, duration: OfflineDuration): number {
  if ('hours' in duration) return startHour + duration.hours;
  return Math.round(addMonths(startHour * HOUR_MS, duration.months) / HOUR_MS);
}

/** The length of a limited code from its start to its end (lock-local hours), or undefined if it has none. */
export function offlineDurationOf(startHour: number, endHour: number): OfflineDuration | undefined {
  const hours = endHour - startHour;
  if (hours >= 1 && hours <= MAX_LIMITED_HOURS) return { hours };
  for (let months = 13; months <= 36; months++) {
    if (limitedEndHour(startHour, { months }) === endHour) return { months };
  }
  return undefined;
}

/** Whether a cyclic payload admits a lock-local instant (weekday 1 Monday to 7 Sunday). */
export function cyclicAdmits(payload: { subtype: number; fromHour: number; toHour: number }, localMs: number): boolean {
  const date = new Date(localMs);
  const weekDay = ((date.getUTCDay() + 6) % 7) + 1;
  const hour = date.getUTCHours();
  return cyclicWeekDays(payload.subtype).includes(weekDay) && hour >= payload.fromHour && hour < payload.toHour;
}
