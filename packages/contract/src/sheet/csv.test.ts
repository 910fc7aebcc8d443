import { describe, expect, it } from 'vitest';
import { CHUNK_BYTES, collectBytes } from './chunker';
import { csvField, csvStream } from './csv';
import type { SheetRow } from './types';

async function csvText(...args: Parameters<typeof csvStream>): Promise<string> {
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(await collectBytes(csvStream(...args)));
}

describe('csvStream', () => {
  it('starts with a UTF-8 byte order mark so Excel reads it as UTF-8', async () => {
    const bytes = await collectBytes(csvStream(['a'], []));
    expect(Array.from(bytes.subarray(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('writes a header line and one CRLF-terminated line per row', async () => {
    const text = await csvText(
      [{ header: 'Name', width: 20 }, 'Count'],
      [
        ['Ada', 3],
        ['Grüße 🔐', 4.5],
      ],
    );
    expect(text).toBe('\uFEFFName,Count\r\nAda,3\r\nGrüße 🔐,4.5\r\n');
  });

  it('writes null, undefined, NaN and Infinity as empty fields', async () => {
    const text = await csvText(['a', 'b', 'c', 'd', 'e'], [[null, undefined, Number.NaN, Number.NEGATIVE_INFINITY, 0]]);
    expect(text.split('\r\n')[1]).toBe(',,,,0');
  });
});

describe('csvField', () => {
  it('quotes fields containing a comma, quote, CR or LF and doubles the quotes', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
    expect(csvField('x\ry')).toBe('"x\ry"');
    expect(csvField('plain text')).toBe('plain text');
  });

  it('prefixes text that a spreadsheet would run as a formula with an apostrophe', () => {
    expect(csvField('=SUM(A1:A9)')).toBe("'=SUM(A1:A9)");
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-1')).toBe("'-1");
    expect(csvField('@cmd')).toBe("'@cmd");
    expect(csvField('\tx')).toBe("'\tx");
    expect(csvField('\rx')).toBe('"\'\rx"');
    expect(csvField('=HYPERLINK("x","y")')).toBe('"\'=HYPERLINK(""x"",""y"")"');
  });

  it('writes numbers as plain numbers, negative ones without an apostrophe', () => {
    expect(csvField(-5)).toBe('-5');
    expect(csvField(0.25)).toBe('0.25');
  });
});

describe('csvStream batching', () => {
  it('yields ~64 KiB chunks, the first before all rows are pulled', async () => {
    const total = 50_000;
    let pulled = 0;
    let pulledAtFirstChunk = -1;
    async function* rows(): AsyncGenerator<SheetRow> {
      for (let i = 0; i < total; i++) {
        pulled++;
        yield [`user-${i}@example.com`, i];
      }
    }
    const sizes: number[] = [];
    for await (const chunk of csvStream(['Email', 'Id'], rows())) {
      if (pulledAtFirstChunk < 0) pulledAtFirstChunk = pulled;
      sizes.push(chunk.length);
    }
    expect(pulledAtFirstChunk).toBeLessThan(total);
    expect(sizes.length).toBeGreaterThan(1);
    expect(sizes.slice(0, -1).every((size) => size === CHUNK_BYTES)).toBe(true);
  });

  it('never splits a multi-byte character across chunks', async () => {
    const rows = Array.from({ length: 10_000 }, (_, i): SheetRow => [`🔐é${i}`]);
    const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
    let text = '';
    for await (const chunk of csvStream(['k'], rows)) text += decoder.decode(chunk);
    expect(text.split('\r\n')[10_000]).toBe('🔐é9999');
  });
});
