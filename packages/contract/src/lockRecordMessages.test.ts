import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LockRecordType, RecordQueryType } from './enums/lockRecord';
import { LOCALES } from './locales';

const dir = join(import.meta.dirname, 'messages');
type Records = {
  type?: Record<string, string>;
  queryType?: Record<string, string>;
  column?: Record<string, string>;
  result?: Record<string, string>;
  sheetName?: string;
  fileName?: string;
};
const load = (locale: string): Records => JSON.parse(readFileSync(join(dir, `${locale}.json`), 'utf8')).records ?? {};

const COLUMNS = ['lock', 'time', 'serverTime', 'type', 'person', 'credential', 'result', 'battery', 'timezone'];
const RESULTS = ['success', 'failed'];
const nonEmpty = (text: unknown) => typeof text === 'string' && text.trim().length > 0;

describe('record messages', () => {
  const english = load('en_US');

  for (const locale of LOCALES) {
    describe(locale, () => {
      const records = load(locale);

      it('names every record type', () => {
        for (const name of Object.keys(LockRecordType)) {
          expect(nonEmpty(records.type?.[name]), `${locale} records.type.${name}`).toBe(true);
        }
        expect(Object.keys(records.type ?? {}).sort()).toEqual(Object.keys(LockRecordType).sort());
      });

      it('names every record query type', () => {
        for (const name of Object.keys(RecordQueryType)) {
          expect(nonEmpty(records.queryType?.[name]), `${locale} records.queryType.${name}`).toBe(true);
        }
        expect(Object.keys(records.queryType ?? {}).sort()).toEqual(Object.keys(RecordQueryType).sort());
      });

      it('has every column and result label, the sheet name and the file name', () => {
        for (const name of COLUMNS) {
          expect(nonEmpty(records.column?.[name]), `${locale} records.column.${name}`).toBe(true);
        }
        for (const name of RESULTS) {
          expect(nonEmpty(records.result?.[name]), `${locale} records.result.${name}`).toBe(true);
        }
        expect(nonEmpty(records.sheetName), `${locale} records.sheetName`).toBe(true);
        expect(records.fileName, `${locale} records.fileName`).toMatch(/^[a-z0-9-]+$/);
      });

      if (locale !== 'en_US') {
        it('translates the record types rather than copying the English', () => {
          const names = Object.keys(LockRecordType);
          const translated = names.filter((name) => records.type?.[name] !== english.type?.[name]);
          expect(
            translated.length / names.length,
            `${locale}: ${translated.length} of ${names.length}`,
          ).toBeGreaterThanOrEqual(0.8);
        });
      }
    });
  }
});
