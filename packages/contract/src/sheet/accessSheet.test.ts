import { describe, expect, it } from 'vitest';
import type { AccessItem, AccessPassageLock } from '../calls/access';
import german from '../messages/de_DE.json';
import english from '../messages/en_US.json';
import { accessSheet, type SheetText } from './accessSheet';
import { csvStream } from './csv';
import { readXlsx } from './readXlsx';
import { xlsxStream } from './xlsxWriter';

const CHINA = 8 * 3_600_000;

/** A message of a catalogue by its dotted key, as the server's and the console's translators find it. */
const textOf =
  (messages: unknown): SheetText =>
  (key) => {
    const found = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], messages);
    if (typeof found !== 'string') throw new Error(`no message ${key}`);
    return found;
  };

const item = (values: Partial<AccessItem>): AccessItem => ({
  kind: 'ekey',
  credentialId: 1,
  label: 'alice@example.com',
  name: 'Front key',
  validityType: 1,
  startDate: null,
  endDate: null,
  status: '110401',
  keyRight: 0,
  lockUser: 'alice@example.com',
  userName: 'alice@example.com',
  lockId: 7,
  lockAlias: 'Front door',
  timezoneRawOffset: CHINA,
  cycle: null,
  ...values,
});

const ANSWER: { list: AccessItem[]; passageLocks: AccessPassageLock[] } = {
  list: [
    item({}),
    item({
      kind: 'passcode',
      credentialId: 2,
      label: '12345678',
      name: 'Cleaner',
      userName: 'Cleaner',
      validityType: 4,
      cycle: { weekDays: [6, 7], startMinute: 480, endMinute: 1080 },
    }),
    item({
      kind: 'card',
      credentialId: 3,
      label: '=cmd',
      name: 'Guest',
      userName: 'Guest',
      validityType: 2,
      startDate: Date.UTC(2026, 10, 28, 10),
      endDate: Date.UTC(2026, 10, 28, 12),
    }),
  ],
  passageLocks: [
    {
      lockId: 8,
      lockAlias: 'Back door',
      timezoneRawOffset: 0,
      allDay: false,
      periods: [{ weekDays: [1, 2, 3, 4, 5], startMinute: 480, endMinute: 1080 }],
    },
  ],
};

async function bytesOf(chunks: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

describe('the access answer as a worksheet', () => {
  it('writes an .xlsx: localized headers, kinds and validity, times and cycles in each lock’s time, passage mode as anyone', async () => {
    const book = readXlsx(await bytesOf(xlsxStream(accessSheet(ANSWER, textOf(english), 'en_US'))));
    expect(book.sheetName).toBe('Access');
    expect(book.rows).toEqual([
      ['Lock', 'Person', 'Kind', 'Credential', 'Name', 'Validity', 'Start', 'End', 'Weekly cycle', 'Time zone'],
      [
        'Front door',
        'alice@example.com',
        'eKey',
        'alice@example.com',
        'Front key',
        'Permanent',
        null,
        null,
        null,
        'UTC+08:00',
      ],
      [
        'Front door',
        'Cleaner',
        'Passcode',
        '12345678',
        'Cleaner',
        'Recurring',
        null,
        null,
        'Sat, Sun 08:00–18:00',
        'UTC+08:00',
      ],
      [
        'Front door',
        'Guest',
        'Card',
        '=cmd',
        'Guest',
        'Limited',
        '2026-11-28 18:00',
        '2026-11-28 20:00',
        null,
        'UTC+08:00',
      ],
      [
        'Back door',
        'Anyone',
        'Passage mode',
        null,
        null,
        null,
        null,
        null,
        'Mon, Tue, Wed, Thu, Fri 08:00–18:00',
        'UTC+00:00',
      ],
    ]);
    expect(book.headerBold).toBe(true);
    expect(book.frozenRows).toBe(1);
  });

  it('writes a CSV in the reader’s language, a formula-like number kept as text', async () => {
    const csv = new TextDecoder().decode(
      await bytesOf(
        csvStream(
          accessSheet(ANSWER, textOf(german), 'de_DE').columns,
          accessSheet(ANSWER, textOf(german), 'de_DE').rows,
        ),
      ),
    );
    const lines = csv.replace('\uFEFF', '').trimEnd().split('\r\n');
    expect(lines[0]).toBe('Schloss,Person,Art,Zugangsmittel,Name,Gültigkeit,Beginn,Ende,Wochenplan,Zeitzone');
    expect(lines[2]).toContain('Wiederkehrend');
    const weekday = new Intl.DateTimeFormat('de-DE', { weekday: 'short', timeZone: 'UTC' });
    const [saturday, sunday] = [Date.UTC(2026, 0, 10), Date.UTC(2026, 0, 11)].map((day) => weekday.format(day));
    expect(lines[2]).toContain(`"${saturday}, ${sunday} 08:00–18:00"`);
    expect(lines[3]).toContain(",'=cmd,");
    expect(lines[4]?.startsWith('Back door,Jeder,Durchgangsmodus,')).toBe(true);
  });
});
