import { z } from 'zod';
import { uploadedRecord } from '../device/messages';
import { valuesOf } from '../enums/define';
import { RECORD_EXPORT, RecordExportFormat, RecordQueryType } from '../enums/lockRecord';
import { pageSchema } from '../envelope';
import { RECORD_CREDENTIAL_FILTER_MAX, RECORD_PASSCODE_FILTER_MAX, SEARCH_MAX, TIMEZONE_OFFSET_MS } from '../limits';
import { defineCall } from './define';
import { flagField, idField, idListField, intField, jsonField, oneOf, pageParams, text } from './fields';
import { epochField } from './validityFields';

/**
 * Unlock records (spec sections 2, 5, 8, 9; docs/records.md): what locks did, as they upload it
 * through their gateways or the app, read per lock with filters and keyset paging, and exported
 * as streamed xlsx or CSV files.
 */

export const lockRecord = z.object({
  recordId: z.number().int(),
  lockId: z.number().int(),
  /** Lock operation record type 1 to 53 (spec section 9). */
  recordType: z.number().int(),
  /** 1 succeeded, 0 failed. */
  success: z.number().int(),
  /** The account the lock named (an eKey or app user), when it named one. */
  username: z.string(),
  /** The credential used (passcode, card number, fingerprint number...), when there was one. */
  keyboardPwd: z.string(),
  /** Who is behind it: the eKey holder's account (or nickname), or the name the credential was given. */
  person: z.string(),
  /** The credential behind it, when the cloud knows it: its CredentialKind and id. */
  credentialKind: z.string().nullable(),
  credentialId: z.number().int().nullable(),
  /** When it happened, by the lock's clock (epoch ms). */
  lockDate: z.number(),
  /** When the server received it (epoch ms). */
  serverDate: z.number(),
  battery: z.number().int().nullable(),
});
export type LockRecordItem = z.infer<typeof lockRecord>;

/** The most rows a list counts exactly; above it the total says "at least". */
export const RECORD_COUNT_CAP = 10_000;

/**
 * The same for a search (a person or credential, matched anywhere in the text): the trigram index
 * serves rare ones, but a common one is counted by testing the lock's rows newest first until one
 * more than the cap match, so counting stops at ten pages.
 */
export const RECORD_SEARCH_COUNT_CAP = 200;

/**
 * Which credential's records (spec section 2: the records route takes one of these from its
 * query), each selecting its record query type's records made with that credential.
 */
export const recordCredentialFilters = {
  keyId: idField.optional(),
  keyboardPwd: text(RECORD_PASSCODE_FILTER_MAX).optional(),
  cardNo: text(RECORD_CREDENTIAL_FILTER_MAX).optional(),
  printNo: text(RECORD_CREDENTIAL_FILTER_MAX).optional(),
  palmVeinNo: text(RECORD_CREDENTIAL_FILTER_MAX).optional(),
  faceNo: text(RECORD_CREDENTIAL_FILTER_MAX).optional(),
  qrcodeNo: text(RECORD_CREDENTIAL_FILTER_MAX).optional(),
  keyfobNo: text(RECORD_CREDENTIAL_FILTER_MAX).optional(),
};
export type RecordCredentialFilter = keyof typeof recordCredentialFilters;

type QueryTypeValue = (typeof RecordQueryType)[keyof typeof RecordQueryType];

/** The record query type whose records each credential filter selects. */
export const QUERY_TYPE_OF_FILTER: Readonly<Record<RecordCredentialFilter, QueryTypeValue>> = {
  keyId: RecordQueryType.eKey,
  keyboardPwd: RecordQueryType.passcode,
  cardNo: RecordQueryType.card,
  printNo: RecordQueryType.fingerprint,
  palmVeinNo: RecordQueryType.palmVein,
  faceNo: RecordQueryType.face,
  qrcodeNo: RecordQueryType.qrCode,
  keyfobNo: RecordQueryType.keyFob,
};

/** What selects records besides the lock: query type, one credential, a person, a time range. */
const recordSelection = {
  queryType: oneOf(valuesOf(RecordQueryType)).default(RecordQueryType.all),
  ...recordCredentialFilters,
  /** Part of the person or credential. */
  searchStr: text(SEARCH_MAX).optional(),
  /** From this lock time on (epoch ms), inclusive. */
  startDate: epochField.optional(),
  /** Before this lock time (epoch ms), exclusive. */
  endDate: epochField.optional(),
};

export const list = defineCall({
  path: '/lockRecord/list',
  method: 'GET',
  auth: 'session',
  summary: `Records of one lock the caller manages, newest first (lock time, then arrival), filtered by query type, one credential, person and time range. Paged by pageNo, or — for deep pages on large logs — by the previous page's nextCursor (keyset). The total is exact up to ${RECORD_COUNT_CAP.toLocaleString('en')} (${RECORD_SEARCH_COUNT_CAP.toLocaleString('en')} with searchStr); above it totalExact is false.`,
  params: z.object({
    lockId: idField,
    ...recordSelection,
    ...pageParams,
    /** The previous page's nextCursor: the page after it, whatever pageNo says. */
    cursor: z
      .string()
      .trim()
      .regex(/^[0-9]{1,16}:[0-9]{1,19}$/)
      .optional(),
  }),
  data: pageSchema(lockRecord).extend({
    totalExact: z.boolean(),
    /** Pass as `cursor` for the next page; null on the last page. */
    nextCursor: z.string().nullable(),
  }),
});

export const upload = defineCall({
  path: '/lockRecord/upload',
  method: 'POST',
  auth: 'session',
  summary:
    "Records the app read from a lock over Bluetooth (its sync), at most 200 per call: stored once each (the lock's record id), whoever uploads them again. The lock's owner, an authorized administrator, or the holder of an eKey of the lock in force.",
  params: z.object({
    lockId: idField,
    records: jsonField(z.array(uploadedRecord).min(1).max(200), 100_000),
  }),
  data: z.object({ stored: z.number().int(), duplicates: z.number().int() }),
});

/** One lock (lockId) or many (lockIds), the time range, what to export and how. */
const exportParams = z
  .object({
    lockId: idField.optional(),
    lockIds: idListField.optional(),
    queryType: oneOf(valuesOf(RecordQueryType)).default(RecordQueryType.all),
    startDate: epochField,
    endDate: epochField,
    format: z.enum([RecordExportFormat.xlsx, RecordExportFormat.csv]).default(RecordExportFormat.xlsx),
    /** Times in each lock's timezone (1, the default) or the caller's (0, with timezoneRawOffset). */
    lockTime: flagField.default(true),
    timezoneRawOffset: intField
      .pipe(z.number().int().min(TIMEZONE_OFFSET_MS.min).max(TIMEZONE_OFFSET_MS.max))
      .optional(),
  })
  .refine((p) => p.endDate > p.startDate, { path: ['endDate'], message: 'endDate must follow startDate' });

export const exportRecords = defineCall({
  path: '/lock/export',
  method: 'POST',
  auth: 'session',
  summary: `Prepare an export of records of the caller's own locks (the owner, with the advanced function): the past ${RECORD_EXPORT.maxDays} days at most (exportWindowExceeded), ${RECORD_EXPORT.maxRows.toLocaleString('en')} rows at most (maximumExportCountExceeded), none chosen: selectAtLeastOneLock. Answers the row count and a download path valid for 10 minutes, which streams the xlsx or CSV file (localized columns, times in the lock's timezone) with X-Export-Rows.`,
  params: exportParams,
  data: z.object({
    total: z.number().int(),
    fileName: z.string(),
    /** GET it (same session) to download the file. */
    downloadPath: z.string(),
  }),
});
