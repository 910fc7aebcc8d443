import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { Deflate, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readXlsx } from './readXlsx';
import type { Sheet, SheetRow } from './types';
import { type SheetDeflater, type XlsxOptions, xlsxStream } from './xlsxWriter';

const hasPython = spawnSync('python3', ['--version']).status === 0;
const columns = [{ header: 'Name', width: 30 }, { header: 'Count' }];

/**
 * A deflater as the server's (zlib's) stands to the writer: raw DEFLATE of the input as it comes
 * (here fflate's stream class) and a CRC-32; it counts the chunks it was given and tells when its
 * input was closed.
 */
function givenDeflater() {
  const seen = { chunks: 0, inputClosed: false };
  const deflater: SheetDeflater = {
    async *deflateRaw(input) {
      const out: Uint8Array<ArrayBuffer>[] = [];
      const deflate = new Deflate({ level: 6 }, (data) => out.push(data));
      try {
        for await (const chunk of input) {
          seen.chunks++;
          deflate.push(chunk);
          yield* out.splice(0);
        }
      } finally {
        seen.inputClosed = true;
      }
      deflate.push(new Uint8Array(0), true);
      yield* out.splice(0);
    },
    crc32: (data, crc) => crc32(data, crc),
  };
  return { deflater, seen };
}

/** The sheet's CRC-32 and sizes as written: in the data descriptor after its compressed bytes. */
function sheetDescriptor(bytes: Uint8Array): { crc: number; compressed: number; size: number } {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  const entry = view.indexOf('xl/worksheets/sheet1.xml', 0, 'latin1');
  const descriptor = view.indexOf('PK\x07\x08', entry, 'latin1');
  return {
    crc: view.readUInt32LE(descriptor + 4),
    compressed: view.readUInt32LE(descriptor + 8),
    size: view.readUInt32LE(descriptor + 12),
  };
}

/** The writer by itself (fflate deflating everything) and with a deflater given for the sheet. */
const WRITERS: [string, () => XlsxOptions][] = [
  ['fflate', () => ({})],
  ['a given deflater', () => ({ deflater: givenDeflater().deflater })],
];

async function bytesOf(sheet: Sheet, options: XlsxOptions = {}): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of xlsxStream(sheet, options)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

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

describe.each(WRITERS)('xlsxStream, sheet deflated by %s', (_name, writer) => {
  const read = async (sheet: Sheet) => readXlsx(await bytesOf(sheet, writer()));

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
    for await (const chunk of xlsxStream({ name: 'S', columns, rows: rows() }, writer())) {
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
    for await (const _chunk of xlsxStream({ name: 'S', columns, rows: rows() }, writer())) if (pulled > 0) break;
    expect(closed).toBe(true);
    expect(pulled).toBeLessThan(1_000_000);
  });

  it('fails the stream when the rows fail', async () => {
    async function* rows(): AsyncGenerator<SheetRow> {
      yield ['a', 1];
      throw new Error('database gone');
    }
    await expect(bytesOf({ name: 'S', columns, rows: rows() }, writer())).rejects.toThrow('database gone');
  });

  it.skipIf(!hasPython)('is accepted by Python zipfile (CRC check) and every part parses as XML', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xlsx-'));
    try {
      const file = join(dir, 'users.xlsx');
      writeFileSync(
        file,
        await bytesOf(
          {
            name: 'Lock users',
            columns,
            rows: [['<b>&"x"', 1], ['🔐', null, 2.5], ...Array.from({ length: 3_000 }, (_, i) => [`row ${i}`, i])],
          },
          writer(),
        ),
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

describe('xlsxStream with a given deflater', () => {
  it('deflates the sheet with it as the rows come, and writes its size and CRC-32 after it', async () => {
    const { deflater, seen } = givenDeflater();
    const rows = Array.from({ length: 20_000 }, (_, i) => [`user-${i}@example.com`, i]);
    const bytes = await bytesOf({ name: 'S', columns, rows }, { deflater });
    expect(seen.chunks).toBeGreaterThan(10);
    expect(readXlsx(bytes).rows).toHaveLength(20_001);
    expect(methods(bytes)['xl/worksheets/sheet1.xml']).toBe(8);
    const sheet = unzipSync(bytes)['xl/worksheets/sheet1.xml'] as Uint8Array;
    const descriptor = sheetDescriptor(bytes);
    expect(descriptor.size).toBe(sheet.length);
    expect(descriptor.crc).toBe(crc32(sheet));
    expect(descriptor.compressed).toBeLessThan(sheet.length / 4);
  });

  it('closes its input, and so the rows, when the reader stops', async () => {
    const { deflater, seen } = givenDeflater();
    let closed = false;
    async function* rows(): AsyncGenerator<SheetRow> {
      try {
        for (let i = 0; ; i++) yield [`row ${i}`, i];
      } finally {
        closed = true;
      }
    }
    for await (const _chunk of xlsxStream({ name: 'S', columns, rows: rows() }, { deflater })) {
      if (seen.chunks > 2) break;
    }
    expect(seen.inputClosed).toBe(true);
    expect(closed).toBe(true);
  });
});
