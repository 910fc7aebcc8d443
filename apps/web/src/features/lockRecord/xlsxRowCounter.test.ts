import { strToU8, Zip, ZipDeflate, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { createXlsxRowCounter } from './xlsxRowCounter';

const SHEET = 'xl/worksheets/sheet1.xml';

function sheetXml(rows: number): string {
  let xml = '<?xml version="1.0"?><worksheet><sheetData><row r="1"><c t="inlineStr"><is><t>Time</t></is></c></row>';
  for (let r = 2; r <= rows + 1; r++)
    xml += `<row r="${r}"><c r="A${r}" t="str"><v>2026-11-27 08:30:${r % 60}</v></c></row>`;
  return `${xml}</sheetData></worksheet>`;
}

/** Parts before and after the sheet, as a workbook writer puts them. */
const parts = (rows: number): [string, string][] => [
  ['xl/theme/theme1.xml', `<a:theme>${'<a:clr/>'.repeat(400)}</a:theme>`],
  ['_rels/.rels', '<Relationships/>'],
  [SHEET, sheetXml(rows)],
  ['xl/styles.xml', '<styleSheet><fonts><font/></fonts></styleSheet>'],
  ['xl/workbook.xml', '<workbook><sheets><sheet name="Records"/></sheets></workbook>'],
];

/** A ZIP file written as a stream (sizes and CRC after each part's deflated data). */
function streamedZip(files: [string, string][]): Uint8Array {
  const chunks: Uint8Array[] = [];
  const zip = new Zip((error, data) => {
    if (error) throw error;
    chunks.push(data);
  });
  for (const [name, text] of files) {
    const file = new ZipDeflate(name, { level: 6 });
    zip.add(file);
    file.push(strToU8(text), true);
  }
  zip.end();
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/** Feeds a file in chunks of `size` bytes; answers the counts seen after each and the total. */
function feed(file: Uint8Array, size: number) {
  const counter = createXlsxRowCounter();
  const seen: number[] = [];
  for (let at = 0; at < file.length; at += size) seen.push(counter.push(file.subarray(at, at + size)));
  return { seen, total: counter.finish() };
}

describe('counting the rows of an xlsx file as it downloads', () => {
  it('inflates the sheet and counts its rows, the header aside', () => {
    const file = streamedZip(parts(3));
    expect(feed(file, file.length).total).toBe(3);
  });

  it('counts the same however the file is cut, a byte at a time included', () => {
    const file = streamedZip(parts(40));
    for (const size of [1, 2, 3, 7, 29, 30, 31, 64, 1000]) expect(feed(file, size).total, `chunks of ${size}`).toBe(40);
  });

  it('grows as the file arrives', () => {
    const file = streamedZip(parts(5_000));
    const { seen, total } = feed(file, 4096);
    expect(total).toBe(5_000);
    expect(seen.some((n) => n > 0 && n < 5_000)).toBe(true);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  });

  it('counts a stored sheet as it is', () => {
    const file = zipSync(Object.fromEntries(parts(12).map(([name, text]) => [name, [strToU8(text), { level: 0 }]])));
    expect(feed(file, 100).total).toBe(12);
  });

  it('counts nothing in a file without the sheet, or in what is not a ZIP file', () => {
    expect(feed(streamedZip(parts(3).filter(([name]) => name !== SHEET)), 50).total).toBe(0);
    expect(feed(strToU8(sheetXml(3)), 50).total).toBe(0);
  });
});
