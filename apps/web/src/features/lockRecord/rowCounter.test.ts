import { describe, expect, it } from 'vitest';
import { createMarkerCounter, type RowCounter } from './markerCounter';
import { createRowCounter, downloadPercent, downloadUrl } from './rowCounter';

const bytes = (text: string) => new TextEncoder().encode(text);

/** Feeds a text in chunks cut at the given offsets: `</row>` ends an xlsx sheet's rows, CRLF a CSV's lines. */
function feed(format: 'xlsx' | 'csv', text: string, cuts: number[]) {
  const counter: RowCounter =
    format === 'xlsx' ? createMarkerCounter('</row>', false) : createMarkerCounter('\r\n', true);
  const seen: number[] = [];
  let from = 0;
  for (const cut of [...cuts, text.length]) {
    seen.push(counter.push(bytes(text.slice(from, cut))));
    from = cut;
  }
  return { seen, total: counter.finish() };
}

const sheet =
  '<?xml version="1.0"?><worksheet><sheetData><row r="1"><c t="inlineStr"><is><t>Time</t></is></c></row>' +
  '<row r="2"><c><v>1</v></c></row><row r="3"><c><v>2</v></c></row><row r="4"><c><v>3</v></c></row>' +
  '</sheetData></worksheet>';

describe('counting the rows of an xlsx sheet’s XML', () => {
  it('counts </row> minus the header, in one chunk', () => {
    expect(feed('xlsx', sheet, []).total).toBe(3);
  });
  it('counts a </row> split across chunks once, wherever it is cut', () => {
    const at = sheet.indexOf('</row>', 150);
    for (let split = 0; split <= 6; split++) {
      expect(feed('xlsx', sheet, [at + split]).total, `cut ${split}`).toBe(3);
    }
    // Cut into one-byte chunks.
    expect(feed('xlsx', sheet, [...sheet].map((_c, i) => i + 1).slice(0, -1)).total).toBe(3);
  });
  it('recovers from a false start ("<</row>", "</ro</row>")', () => {
    expect(feed('xlsx', '<row></row><</row></ro</row>', [13, 22]).total).toBe(2);
  });
  it('grows as chunks arrive, and never counts the header as data', () => {
    const { seen } = feed('xlsx', sheet, [sheet.indexOf('<row r="2"'), sheet.indexOf('<row r="4"')]);
    expect(seen).toEqual([0, 2, 3]);
  });
  it('no rows: nothing', () => {
    expect(feed('xlsx', '', []).total).toBe(0);
  });
});

describe('counting CSV rows', () => {
  const csv = 'Lock,Time,Type\r\nFront,2026-01-01 08:00,Passcode unlock\r\nFront,2026-01-01 09:00,"A, B"\r\n';
  it('counts line breaks minus the header', () => {
    expect(feed('csv', csv, []).total).toBe(2);
  });
  it('counts a \\r\\n split between chunks once', () => {
    const at = csv.indexOf('\r\n', 20);
    expect(feed('csv', csv, [at + 1]).total).toBe(2);
    expect(feed('csv', csv, [...csv].map((_c, i) => i + 1).slice(0, -1)).total).toBe(2);
  });
  it('counts a last line without a line break once the file is complete', () => {
    const { seen, total } = feed('csv', csv.slice(0, -2), []);
    expect(seen).toEqual([1]);
    expect(total).toBe(2);
  });
  it('does not count a lone \\r or \\n', () => {
    expect(feed('csv', 'h\r\na\rb\nc\r\n', []).total).toBe(1);
  });
  it('a header only: no rows', () => {
    expect(feed('csv', '\uFEFFLock,Time\r\n', []).total).toBe(0);
  });
});

describe('the counter of a format', () => {
  it('counts a CSV’s lines as they come', async () => {
    const counter = await createRowCounter('csv');
    expect(counter.push(bytes('h\r\na\r\nb'))).toBe(1);
    expect(counter.finish()).toBe(2);
  });
  it('reads an xlsx file as a ZIP file, not as text', async () => {
    const counter = await createRowCounter('xlsx');
    expect(counter.push(bytes('<row r="1"></row><row r="2"></row>'))).toBe(0);
    expect(counter.finish()).toBe(0);
  });
});

describe('download progress and address', () => {
  it('is a percentage, 100 only when complete', () => {
    expect(downloadPercent(0, 0)).toBe(0);
    expect(downloadPercent(999, 1000)).toBe(99);
    expect(downloadPercent(1000, 1000)).toBe(100);
    expect(downloadPercent(1200, 1000)).toBe(100);
  });
  it('fetches under /api unless the path is already there', () => {
    expect(downloadUrl('/lock/export/download?token=a')).toBe('/api/lock/export/download?token=a');
    expect(downloadUrl('/api/lock/export/file/a')).toBe('/api/lock/export/file/a');
    expect(downloadUrl('https://x.test/f')).toBe('https://x.test/f');
  });
});
