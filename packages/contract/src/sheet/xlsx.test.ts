import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { CHUNK_BYTES, collectBytes } from './chunker';
import type { SheetRow } from './types';
import { columnLetters, type Sheet, sanitizeSheetName, xlsxBytes, xlsxStream } from './xlsx';

const hasPython = spawnSync('python3', ['--version']).status === 0;

async function unzipWorkbook(sheet: Sheet): Promise<Record<string, string>> {
  const files = unzipSync(await xlsxBytes(sheet));
  return Object.fromEntries(Object.entries(files).map(([name, data]) => [name, strFromU8(data)]));
}

async function sheetXml(sheet: Sheet): Promise<string> {
  return (await unzipWorkbook(sheet))['xl/worksheets/sheet1.xml'] ?? '';
}

const columns = [{ header: 'Name', width: 30 }, { header: 'Count' }];

describe('xlsxStream', () => {
  it('writes every part of a minimal workbook', async () => {
    const parts = await unzipWorkbook({ name: 'Users', columns, rows: [] });
    expect(Object.keys(parts).sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    expect(parts['xl/workbook.xml']).toContain('<sheet name="Users" sheetId="1" r:id="rId1"/>');
    expect(parts['xl/styles.xml']).toContain('<font><b/>');
    expect(parts['[Content_Types].xml']).toContain('PartName="/xl/worksheets/sheet1.xml"');
  });

  it('writes the header row in bold and freezes it', async () => {
    const xml = await sheetXml({ name: 'Users', columns, rows: [] });
    expect(xml).toContain(
      '<row r="1"><c r="A1" s="1" t="inlineStr"><is><t>Name</t></is></c><c r="B1" s="1" t="inlineStr"><is><t>Count</t></is></c></row>',
    );
    expect(xml).toContain('<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>');
  });

  it('sets column widths, with a default for columns without one', async () => {
    const xml = await sheetXml({ name: 'Users', columns, rows: [] });
    expect(xml).toContain('<cols><col min="1" max="1" width="30" customWidth="1"/><col min="2" max="2" width="16"');
  });

  it('escapes XML special characters in text so they round-trip', async () => {
    const xml = await sheetXml({ name: 'S', columns, rows: [['<b>&"x"', 1]] });
    const match = xml.match(/<c r="A2" t="inlineStr"><is><t>(.*?)<\/t><\/is><\/c>/);
    expect(match?.[1]).toBe('&lt;b&gt;&amp;&quot;x&quot;');
    const unescaped = match?.[1]?.replace(
      /&(lt|gt|quot|amp);/g,
      (_, e) => ({ lt: '<', gt: '>', quot: '"', amp: '&' })[e as 'lt'],
    );
    expect(unescaped).toBe('<b>&"x"');
  });

  it('writes finite numbers as numeric cells and NaN or Infinity as empty', async () => {
    const xml = await sheetXml({
      name: 'S',
      columns,
      rows: [
        [1.5, -42],
        [Number.NaN, Number.POSITIVE_INFINITY],
      ],
    });
    expect(xml).toContain('<row r="2"><c r="A2"><v>1.5</v></c><c r="B2"><v>-42</v></c></row>');
    expect(xml).toContain('<row r="3"></row>');
  });

  it('leaves null and undefined cells out', async () => {
    const xml = await sheetXml({ name: 'S', columns, rows: [['a', null, undefined, 'd']] });
    expect(xml).toContain('<c r="A2" t="inlineStr">');
    expect(xml).toContain('<c r="D2" t="inlineStr">');
    expect(xml).not.toContain('r="B2"');
    expect(xml).not.toContain('r="C2"');
  });

  it('names columns past Z with two letters (28 columns end at AB)', async () => {
    const many = Array.from({ length: 28 }, (_, i) => ({ header: `h${i}` }));
    const xml = await sheetXml({ name: 'S', columns: many, rows: [many.map((_, i) => i)] });
    expect(xml).toContain('<c r="Z1" s="1" t="inlineStr"><is><t>h25</t></is></c>');
    expect(xml).toContain('<c r="AA1" s="1"');
    expect(xml).toContain('<c r="AB2"><v>27</v></c></row>');
    expect(xml).not.toContain('r="AC');
  });

  it('drops characters XML 1.0 forbids but keeps tabs, line breaks and non-BMP characters', async () => {
    const xml = await sheetXml({
      name: 'S',
      columns,
      rows: [['a\u0001b\u0008c\uFFFE\uD800d', 'x\ty\nz', '🔐 lock 👍🏽']],
    });
    expect(xml).toContain('<t>abcd</t>');
    expect(xml).toContain('<t>x\ty\nz</t>');
    expect(xml).toContain('<t>🔐 lock 👍🏽</t>');
    expect(xml).not.toContain('\u0001');
    expect(xml).not.toContain('\u0008');
  });

  it('preserves leading and trailing spaces in text', async () => {
    const xml = await sheetXml({ name: 'S', columns, rows: [[' padded ']] });
    expect(xml).toContain('<t xml:space="preserve"> padded </t>');
  });

  it('yields sheet data before it has pulled all rows, in chunks of about 64 KiB', async () => {
    const total = 50_000;
    let pulled = 0;
    let pulledAtFirstChunk = -1;
    let pulledAtFirstSheetChunk = -1;
    async function* rows(): AsyncGenerator<SheetRow> {
      for (let i = 0; i < total; i++) {
        pulled++;
        yield [`user-${i}@example.com`, i, 'Front door'];
      }
    }
    let largest = 0;
    let count = 0;
    let bytes = 0;
    for await (const chunk of xlsxStream({ name: 'S', columns, rows: rows() })) {
      if (pulledAtFirstChunk < 0) pulledAtFirstChunk = pulled;
      if (pulledAtFirstSheetChunk < 0 && chunk.length === CHUNK_BYTES) pulledAtFirstSheetChunk = pulled;
      largest = Math.max(largest, chunk.length);
      count++;
      bytes += chunk.length;
    }
    expect(pulledAtFirstChunk).toBe(0);
    // The first full chunk of rows goes out after a few hundred rows, not after all of them.
    expect(pulledAtFirstSheetChunk).toBeGreaterThan(0);
    expect(pulledAtFirstSheetChunk).toBeLessThan(total / 10);
    expect(pulled).toBe(total);
    expect(largest).toBe(CHUNK_BYTES);
    // Sheet data arrives in full 64 KiB chunks; the rest are a handful of small headers and parts.
    expect(count).toBeLessThan(bytes / CHUNK_BYTES + 25);
  });

  it('builds the same bytes with xlsxBytes as by concatenating the stream', async () => {
    const sheet = (): Sheet => ({ name: 'S', columns, rows: [['a', 1]] });
    expect(await xlsxBytes(sheet())).toEqual(await collectBytes(xlsxStream(sheet())));
  });

  it('escapes the sheet name once in the workbook', async () => {
    const parts = await unzipWorkbook({ name: 'R&D <2024>', columns, rows: [] });
    expect(parts['xl/workbook.xml']).toContain('<sheet name="R&amp;D &lt;2024&gt;"');
  });

  it('refuses rows wider than Excel allows', async () => {
    const wide = [Array.from({ length: 16_385 }, () => 1)];
    await expect(xlsxBytes({ name: 'S', columns, rows: wide })).rejects.toThrow(/more than 16384 cells/);
  });

  it.skipIf(!hasPython)('is accepted by Python zipfile (CRC check) and every part parses as XML', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xlsx-'));
    try {
      const file = join(dir, 'users.xlsx');
      const rows: SheetRow[] = [
        ['<b>&"x"', 1],
        ['🔐', null, 2.5],
      ];
      writeFileSync(file, await xlsxBytes({ name: 'Lock users', columns, rows }));
      const script = [
        'import zipfile, sys, json, xml.etree.ElementTree as ET',
        'z = zipfile.ZipFile(sys.argv[1])',
        'assert z.testzip() is None',
        'for n in z.namelist(): ET.fromstring(z.read(n))',
        'ns = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"',
        'root = ET.fromstring(z.read("xl/worksheets/sheet1.xml"))',
        'print(json.dumps([t.text for t in root.iter(ns + "t")]))',
      ].join('\n');
      const result = spawnSync('python3', ['-c', script, file], { encoding: 'utf8' });
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      expect(JSON.parse(result.stdout)).toEqual(['Name', 'Count', '<b>&"x"', '🔐']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('columnLetters', () => {
  it('counts A–Z, then AA–ZZ, then AAA up to Excel’s last column XFD', () => {
    expect([0, 25, 26, 27, 51, 52, 701, 702, 16_383].map(columnLetters)).toEqual([
      'A',
      'Z',
      'AA',
      'AB',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
      'XFD',
    ]);
  });
});

describe('sanitizeSheetName', () => {
  it('replaces the characters Excel forbids in tab names', () => {
    expect(sanitizeSheetName('Q1: a/b\\c?*[x]')).toBe('Q1_ a_b_c___x_');
  });

  it('cuts names to 31 characters without splitting an emoji', () => {
    expect(sanitizeSheetName('x'.repeat(40))).toBe('x'.repeat(31));
    expect(sanitizeSheetName(`${'x'.repeat(30)}🔐`)).toBe('x'.repeat(30));
  });

  it('never returns an empty or reserved name', () => {
    expect(sanitizeSheetName('')).toBe('Sheet1');
    expect(sanitizeSheetName("''")).toBe('Sheet1');
    expect(sanitizeSheetName('\u0001')).toBe('Sheet1');
    expect(sanitizeSheetName('History')).toBe('History_');
  });

  it('strips leading and trailing apostrophes', () => {
    expect(sanitizeSheetName("'Users'")).toBe('Users');
  });
});
