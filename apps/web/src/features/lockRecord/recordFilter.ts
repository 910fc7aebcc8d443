import {
  type LockCredentialKind,
  QUERY_TYPE_OF_FILTER,
  RECORD_CREDENTIAL_FILTER_MAX,
  RECORD_PASSCODE_FILTER_MAX,
  RecordQueryType,
} from '@smartlock/contract';

/** The credential filters the records route takes from its query (spec section 2), one at a time. */
export const RECORD_FILTER_PARAMS = [
  'keyId',
  'keyboardPwd',
  'cardNo',
  'printNo',
  'palmVeinNo',
  'faceNo',
  'qrcodeNo',
  'keyfobNo',
] as const;
export type RecordFilterParam = (typeof RECORD_FILTER_PARAMS)[number];

type QueryTypeValue = (typeof RecordQueryType)[keyof typeof RecordQueryType];

/** The longest value each filter takes (the contract's limits). */
const MAX_LENGTH: Readonly<Record<RecordFilterParam, number>> = {
  keyId: 16,
  keyboardPwd: RECORD_PASSCODE_FILTER_MAX,
  cardNo: RECORD_CREDENTIAL_FILTER_MAX,
  printNo: RECORD_CREDENTIAL_FILTER_MAX,
  palmVeinNo: RECORD_CREDENTIAL_FILTER_MAX,
  faceNo: RECORD_CREDENTIAL_FILTER_MAX,
  qrcodeNo: RECORD_CREDENTIAL_FILTER_MAX,
  keyfobNo: RECORD_CREDENTIAL_FILTER_MAX,
};

/** One credential's records: which filter, its value, and the query type it selects. */
export interface RecordFilter {
  param: RecordFilterParam;
  value: string;
  queryType: QueryTypeValue;
}

/**
 * The credential filter a records route carries: the first of the eight parameters with a usable
 * value (an eKey id is a positive integer; the others are non-empty, not too long). None: all
 * the lock's records.
 */
export function recordFilterOf(params: URLSearchParams): RecordFilter | undefined {
  for (const param of RECORD_FILTER_PARAMS) {
    const value = params.get(param)?.trim();
    if (!value || value.length > MAX_LENGTH[param]) continue;
    if (param === 'keyId' && !/^[1-9][0-9]*$/.test(value)) continue;
    return { param, value, queryType: QUERY_TYPE_OF_FILTER[param] };
  }
  return undefined;
}

/** The list call's parameters of a filter: the query type and the credential (the eKey id as a number). */
export function filterParams(filter: RecordFilter | undefined): Partial<Record<RecordFilterParam, string | number>> {
  if (!filter) return {};
  return { [filter.param]: filter.param === 'keyId' ? Number(filter.value) : filter.value };
}

/** The records of a lock (of a query type, all by default), or of one of its credentials. */
export function recordsPath(
  lockId: number,
  filter?: { param: RecordFilterParam; value: string | number },
  queryType: number = RecordQueryType.all,
): string {
  const query = new URLSearchParams({ lockId: String(lockId) });
  if (filter) query.set(filter.param, String(filter.value));
  else query.set('queryType', String(queryType));
  return `/manage/records?${query}`;
}

/** The query type a records route asks for (`queryType`), if it is one. */
export function routeQueryTypeOf(params: URLSearchParams): number | undefined {
  const value = Number(params.get('queryType'));
  return params.has('queryType') && (Object.values(RecordQueryType) as number[]).includes(value) ? value : undefined;
}

/** Exporting one lock's records. */
export function exportRecordsPath(lockId: number): string {
  return `/manage/exportRecord?lockId=${lockId}`;
}

/** The query types the filter bar offers, in the spec's order, by their contract names. */
export const QUERY_TYPE_NAMES = Object.keys(RecordQueryType) as (keyof typeof RecordQueryType)[];

/**
 * A lock's local day range as the list's time window: from the first day's midnight to the
 * midnight ending the last day (exclusive), both by the lock's clock (`offsetMs` from UTC).
 * Days are `YYYY-MM-DD`.
 */
export function lockDayWindow(first: string, last: string, offsetMs: number): { startDate: number; endDate: number } {
  const midnight = (day: string, plusDays: number) => {
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    return Date.UTC(y, m - 1, d + plusDays) - offsetMs;
  };
  return { startDate: midnight(first, 0), endDate: midnight(last, 1) };
}

/** The filter naming a credential of each kind the generic credential tab shows. */
export const FILTER_OF_KIND: Readonly<Record<LockCredentialKind, RecordFilterParam>> = {
  card: 'cardNo',
  fingerprint: 'printNo',
  face: 'faceNo',
  palmVein: 'palmVeinNo',
  qrCode: 'qrcodeNo',
  keyFob: 'keyfobNo',
};

/** A record's lock time with seconds, as the lock's clock (`offsetMs` from UTC) showed it. */
export function formatLockTime(epochMs: number, offsetMs: number, tag: string): string {
  return new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' }).format(
    epochMs + offsetMs,
  );
}
