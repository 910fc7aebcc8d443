import type { AccessItem, AccessPassageLock } from '../calls/access';
import type { EKeyCycle } from '../credentials/eKeyCredential';
import { ValidityType } from '../enums/credential';
import type { Sheet, SheetRow } from './types';

/**
 * The access-at-a-moment answer as one worksheet (docs/governance.md), for the CSV writer
 * (`csvStream`) or the .xlsx writer (`xlsxStream`) alike: one row per credential that opens, then
 * one per lock in passage mode ("anyone"), times and cycles in each lock's time. Headers and words
 * come from the contract's messages (`access.*`, `records.*`) through `text`, so the server and
 * the console write the same file in any language.
 */

/** A message of the contract's catalogue in the file's language. */
export type SheetText = (key: string) => string;

/** The records' word for each credential kind (CredentialKind values). */
const KIND_KEYS: Record<string, string> = {
  ekey: 'records.queryType.eKey',
  passcode: 'records.queryType.passcode',
  card: 'records.queryType.card',
  fingerprint: 'records.queryType.fingerprint',
  face: 'records.queryType.face',
  palmVein: 'records.queryType.palmVein',
  qrcode: 'records.queryType.qrCode',
  keyfob: 'records.queryType.keyFob',
};

const VALIDITY_KEYS: Record<number, string> = {
  [ValidityType.permanent]: 'access.validity.permanent',
  [ValidityType.limited]: 'access.validity.limited',
  [ValidityType.once]: 'access.validity.once',
  [ValidityType.cyclic]: 'access.validity.cyclic',
};

const COLUMNS = [
  ['records.column.lock', 24],
  ['records.column.person', 26],
  ['access.column.kind', 14],
  ['records.column.credential', 22],
  ['access.column.name', 20],
  ['access.column.validity', 14],
  ['access.column.start', 18],
  ['access.column.end', 18],
  ['access.column.cycle', 30],
  ['records.column.timezone', 11],
] as const;

const pad = (n: number) => String(n).padStart(2, '0');

/** "YYYY-MM-DD HH:mm" at a UTC offset (ms). */
export function lockTimeText(ms: number, offsetMs: number): string {
  const d = new Date(ms + offsetMs);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** "UTC+08:00", "UTC-05:30". */
export function utcOffsetText(offsetMs: number): string {
  const minutes = Math.round(Math.abs(offsetMs) / 60_000);
  return `UTC${offsetMs < 0 ? '-' : '+'}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

const minuteText = (minute: number) => `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`;

/** Weekday names (1 Monday to 7 Sunday) in a language, short. */
function weekDayNames(language: string): string[] {
  const format = new Intl.DateTimeFormat(language.replace('_', '-'), { weekday: 'short', timeZone: 'UTC' });
  // 5 January 2026 was a Monday.
  return [1, 2, 3, 4, 5, 6, 7].map((day) => format.format(Date.UTC(2026, 0, 4 + day)));
}

/** "Mon, Wed 08:00–18:00"; the whole day as `allDay` says it. */
export function cycleText(cycle: EKeyCycle, language: string, allDay?: string): string {
  const names = weekDayNames(language);
  const days = cycle.weekDays.map((day) => names[day - 1]).join(', ');
  const whole = cycle.startMinute === 0 && cycle.endMinute >= 1440;
  return `${days} ${whole && allDay ? allDay : `${minuteText(cycle.startMinute)}–${minuteText(cycle.endMinute)}`}`;
}

/** The message key of a credential kind's word (CredentialKind value), if it is one. */
export function accessKindKey(kind: string): string | undefined {
  return KIND_KEYS[kind];
}

/** The message key of a ValidityType's word, if it is one. */
export function accessValidityKey(validityType: number): string | undefined {
  return VALIDITY_KEYS[validityType];
}

function credentialRow(item: AccessItem, text: SheetText, language: string): SheetRow {
  const time = (ms: number | null) => (ms === null ? null : lockTimeText(ms, item.timezoneRawOffset));
  const validity = accessValidityKey(item.validityType);
  const kind = accessKindKey(item.kind);
  return [
    item.lockAlias,
    item.userName,
    kind ? text(kind) : item.kind,
    item.label,
    item.name,
    validity ? text(validity) : null,
    time(item.startDate),
    time(item.endDate),
    item.cycle ? cycleText(item.cycle, language) : null,
    utcOffsetText(item.timezoneRawOffset),
  ];
}

function passageRow(lock: AccessPassageLock, text: SheetText, language: string): SheetRow {
  const allDay = text('access.allDay');
  const periods = lock.allDay
    ? lock.periods.length === 0
      ? allDay
      : lock.periods.map((p) => cycleText({ ...p, startMinute: 0, endMinute: 1440 }, language, allDay)).join('; ')
    : lock.periods.map((p) => cycleText(p, language, allDay)).join('; ');
  return [
    lock.lockAlias,
    text('access.anyone'),
    text('access.passageMode'),
    null,
    null,
    null,
    null,
    null,
    periods,
    utcOffsetText(lock.timezoneRawOffset),
  ];
}

/** The worksheet of an answer (all its pages' items, and its locks in passage mode). */
export function accessSheet(
  answer: { list: readonly AccessItem[]; passageLocks: readonly AccessPassageLock[] },
  text: SheetText,
  language: string,
): Sheet {
  return {
    name: text('access.sheetName'),
    columns: COLUMNS.map(([key, width]) => ({ header: text(key), width })),
    rows: [
      ...answer.list.map((item) => credentialRow(item, text, language)),
      ...answer.passageLocks.map((lock) => passageRow(lock, text, language)),
    ],
  };
}
