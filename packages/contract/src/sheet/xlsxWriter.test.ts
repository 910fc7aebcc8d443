import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readXlsx } from './readXlsx';
import type { Sheet, SheetRow } from './types';
import { xlsxStream } from './xlsxWriter';

const hasPython = spawnSync('python3', ['--version']).status === 0;
const columns = [{ header: 'Name', width: 30 }, { header: 'Count' }];

async function bytesOf(sheet: Sheet): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of xlsxStream(sheet)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

const read = async (sheet: Sheet) => readXlsx(await bytesOf(sheet));

/** The compression method of each entry's local header in a ZIP file (0 stored, 8 deflated). */
function methods(bytes: Uint8Array): Record<string, number> {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  const found: Record<string, number> = {};
  for (let at = view.indexOf('PK\x03\x04', 0, 'latin1'); at >= 0; at = view.indexOf('PK\x03\x04', at + 4, 'latin1')) {
    const nameLength = view.readUInt16LE(at + 26);
    const name = view.toString('utf8', at + 30, at + 30 + nameLength);
    if (/^[\w[\]/.]+\.(xml|rels)$/.test(name)) found[name] = view.readUInt16LE(at + 8);
  }
  return found;
}

describe('xlsxStream', () => {
  it('writes the header row bold and frozen, with the columns’ widths (a default for none)', async () => {
    const book = await read({ name: 'Users', columns, rows: [['Ada', 3]] });
    expect(book.sheetName).toBe('Users');
    expect(book.rows).toEqual([
      ['Name', 'Count'],
      ['Ada', 3],
    ]);
    expect(book.headerBold).toBe(true);
    expect(book.frozenRows).toBe(1);
    expect(book.widths.slice(0, 2)).toEqual([30, 16]);
  });

  it('writes text as text, numbers as numbers, and nothing for null, undefined, NaN and Infinity', async () => {
    const { rows } = await read({
      name: 'S',
      columns,
      rows: [
        ['<b>&"x"\'', 1.5, -42, 0],
        ['=1+2', '2026-11-27 08:30:00', null, undefined, Number.NaN, Number.POSITIVE_INFINITY, 'end'],
        ['Ada <ada@example.com> & co', '=SUM(A1)', '22/11/2026, 08:00'],
      ],
    });
    expect(rows[1]).toEqual(['<b>&"x"\'', 1.5, -42, 0]);
    // A formula's text stays text; a date and time written as text is kept as written.
    expect(rows[2]).toEqual(['=1+2', '2026-11-27 08:30:00', null, null, null, null, 'end']);
    expect(rows[3]).toEqual(['Ada <ada@example.com> & co', '=SUM(A1)', '22/11/2026, 08:00']);
  });

  it('drops characters XML forbids, keeps tabs, line breaks, spaces and non-BMP characters', async () => {
    const { rows } = await read({
      name: 'S',
      columns,
      rows: [['a\u0001b\u0008c\uFFFE\uD800d', 'x\ty\nz', '🔐 lock 👍🏽', ' padded ']],
    });
    expect(rows[1]).toEqual(['abcd', 'x\ty\nz', '🔐 lock 👍🏽', ' padded ']);
  });

  it('cuts text to Excel’s 32,767 characters', async () => {
    const { rows } = await read({ name: 'S', columns, rows: [['x'.repeat(40_000)]] });
    expect(rows[1]?.[0]).toBe('x'.repeat(32_767));
  });

  it('names columns past Z with two letters (28 columns end at AB)', async () => {
    const many = Array.from({ length: 28 }, (_, i) => ({ header: `h${i}` }));
    const { rows } = await read({ name: 'S', columns: many, rows: [many.map((_, i) => i)] });
    expect(rows[0]?.[27]).toBe('h27');
    expect(rows[1]).toEqual(many.map((_, i) => i));
  });

  it('gives the tab a name Excel accepts', async () => {
    expect((await read({ name: 'Q1: a/b\\c?*[x]', columns, rows: [] })).sheetName).toBe('Q1_ a_b_c___x_');
    expect((await read({ name: 'R&D <2024>', columns, rows: [] })).sheetName).toBe('R&D <2024>');
    expect((await read({ name: 'History', columns, rows: [] })).sheetName).toBe('History_');
    expect((await read({ name: '', columns, rows: [] })).sheetName).toBe('Sheet1');
    expect((await read({ name: 'Users: 2026/11 [all]', columns, rows: [] })).sheetName).toBe('Users_ 2026_11 _all_');
  });

  it('writes every row of an array, in order (the console’s rows are in memory)', async () => {
    const rows = Array.from({ length: 5_000 }, (_, i) => [`user-${i}@example.com`, i]);
    const book = await read({ name: 'S', columns, rows });
    expect(book.rows).toHaveLength(5_001);
    expect(book.rows[5_000]).toEqual(['user-4999@example.com', 4999]);
  });

  it('streams many rows deflated, sending data before it has pulled them all', async () => {
    const total = 50_000;
    let pulled = 0;
    let pulledAtFirstChunk = -1;
    async function* rows(): AsyncGenerator<SheetRow> {
      for (let i = 0; i < total; i++) {
        pulled++;
        yield [`user-${i}@example.com`, i, 'Front door', '2026-11-27 08:30:00'];
      }
    }
    const chunks: Uint8Array[] = [];
    for await (const chunk of xlsxStream({ name: 'S', columns, rows: rows() })) {
      if (pulledAtFirstChunk < 0) pulledAtFirstChunk = pulled;
      chunks.push(chunk);
    }
    const bytes = Buffer.concat(chunks);
    expect(pulledAtFirstChunk).toBeLessThan(total / 2);
    const book = readXlsx(bytes);
    expect(book.rows).toHaveLength(total + 1);
    expect(book.rows[total]).toEqual([`user-${total - 1}@example.com`, total - 1, 'Front door', '2026-11-27 08:30:00']);
    expect(methods(bytes)['xl/worksheets/sheet1.xml']).toBe(8);
    // About 90 bytes of sheet XML a row, deflated to a small part of it.
    expect(bytes.length).toBeLessThan(total * 25);
  });

  it('stops pulling rows when the reader stops', async () => {
    let pulled = 0;
    let closed = false;
    async function* rows(): AsyncGenerator<SheetRow> {
      try {
        for (let i = 0; i < 1_000_000; i++) {
          pulled++;
          if (i % 1000 === 0) await new Promise((resolve) => setImmediate(resolve));
          yield [`row ${i}`, i];
        }
      } finally {
        closed = true;
      }
    }
    for await (const _chunk of xlsxStream({ name: 'S', columns, rows: rows() })) if (pulled > 0) break;
    expect(closed).toBe(true);
    expect(pulled).toBeLessThan(1_000_000);
  });

  it('fails the stream when the rows fail', async () => {
    async function* rows(): AsyncGenerator<SheetRow> {
      yield ['a', 1];
      throw new Error('database gone');
    }
    await expect(bytesOf({ name: 'S', columns, rows: rows() })).rejects.toThrow('database gone');
  });

  it.skipIf(!hasPython)('is accepted by Python zipfile (CRC check) and every part parses as XML', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xlsx-'));
    try {
      const file = join(dir, 'users.xlsx');
      writeFileSync(
        file,
        await bytesOf({
          name: 'Lock users',
          columns,
          rows: [
            ['<b>&"x"', 1],
            ['🔐', null, 2.5],
          ],
        }),
      );
      const script = [
        'import zipfile, sys, xml.etree.ElementTree as ET',
        'z = zipfile.ZipFile(sys.argv[1])',
        'assert z.testzip() is None',
        'for n in z.namelist(): ET.fromstring(z.read(n))',
        'print(len(z.namelist()))',
      ].join('\n');
      const result = spawnSync('python3', ['-c', script, file], { encoding: 'utf8', timeout: 20_000 });
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      expect(Number(result.stdout)).toBeGreaterThanOrEqual(6);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
