import { crc32 as zlibCrc32 } from 'node:zlib';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { collectBytes } from './chunker';
import { type ZipEntry, zipStream, zipStreamWithLimits } from './zip';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

interface ParsedEntry {
  name: string;
  flags: number;
  method: number;
  time: number;
  date: number;
  crc: number;
  size: number;
  data: Uint8Array;
}

/**
 * Walks the archive from the end-of-central-directory record, then every local header, its data and its
 * data descriptor, asserting that the two views of each entry agree and that nothing lies between them.
 */
function parseZip(bytes: Uint8Array): ParsedEntry[] {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const eocd = bytes.length - 22;
  expect(v.getUint32(eocd, true)).toBe(0x06054b50);
  const count = v.getUint16(eocd + 10, true);
  expect(v.getUint16(eocd + 8, true)).toBe(count);
  const directorySize = v.getUint32(eocd + 12, true);
  const directoryOffset = v.getUint32(eocd + 16, true);
  expect(directoryOffset + directorySize).toBe(eocd);

  const entries: (ParsedEntry & { offset: number })[] = [];
  let p = directoryOffset;
  for (let i = 0; i < count; i++) {
    expect(v.getUint32(p, true)).toBe(0x02014b50);
    const nameLength = v.getUint16(p + 28, true);
    const size = v.getUint32(p + 24, true);
    expect(v.getUint32(p + 20, true)).toBe(size);
    entries.push({
      flags: v.getUint16(p + 8, true),
      method: v.getUint16(p + 10, true),
      time: v.getUint16(p + 12, true),
      date: v.getUint16(p + 14, true),
      crc: v.getUint32(p + 16, true),
      size,
      offset: v.getUint32(p + 42, true),
      name: decoder.decode(bytes.subarray(p + 46, p + 46 + nameLength)),
      data: new Uint8Array(0),
    });
    p += 46 + nameLength + v.getUint16(p + 30, true) + v.getUint16(p + 32, true);
  }
  expect(p).toBe(eocd);

  let q = 0;
  for (const entry of entries) {
    expect(q).toBe(entry.offset);
    expect(v.getUint32(q, true)).toBe(0x04034b50);
    expect(v.getUint16(q + 6, true)).toBe(entry.flags);
    expect(v.getUint16(q + 8, true)).toBe(entry.method);
    const nameLength = v.getUint16(q + 26, true);
    expect(decoder.decode(bytes.subarray(q + 30, q + 30 + nameLength))).toBe(entry.name);
    const start = q + 30 + nameLength + v.getUint16(q + 28, true);
    entry.data = bytes.subarray(start, start + entry.size);
    const descriptor = start + entry.size;
    expect(v.getUint32(descriptor, true)).toBe(0x08074b50);
    expect(v.getUint32(descriptor + 4, true)).toBe(entry.crc);
    expect(v.getUint32(descriptor + 8, true)).toBe(entry.size);
    expect(v.getUint32(descriptor + 12, true)).toBe(entry.size);
    q = descriptor + 16;
  }
  expect(q).toBe(directoryOffset);
  return entries;
}

async function* asyncChunks(...texts: string[]): AsyncGenerator<Uint8Array> {
  for (const text of texts) yield encoder.encode(text);
}

function sampleEntries(): ZipEntry[] {
  return [
    { name: 'hello.txt', data: [encoder.encode('Hello, '), encoder.encode('world')] },
    { name: 'dossier/ünïcødé 名前 🔐.txt', data: asyncChunks('Grüße ', '🔐', '\n') },
    { name: 'empty.txt', data: [] },
  ];
}

describe('zipStream', () => {
  it('writes an archive an independent reader (fflate) extracts byte for byte', async () => {
    const files = unzipSync(await collectBytes(zipStream(sampleEntries())));
    expect(Object.keys(files)).toEqual(['hello.txt', 'dossier/ünïcødé 名前 🔐.txt', 'empty.txt']);
    expect(decoder.decode(files['hello.txt'])).toBe('Hello, world');
    expect(decoder.decode(files['dossier/ünïcødé 名前 🔐.txt'])).toBe('Grüße 🔐\n');
    expect(files['empty.txt']).toHaveLength(0);
  });

  it('records a CRC-32 for every entry that matches an independent CRC of its content', async () => {
    const bytes = await collectBytes(zipStream(sampleEntries()));
    const files = unzipSync(bytes);
    for (const entry of parseZip(bytes)) {
      const content = files[entry.name];
      expect(content).toBeDefined();
      expect(entry.crc).toBe(zlibCrc32(content as Uint8Array));
    }
  });

  it('lays out STORE entries with UTF-8 names and data descriptors, then a central directory counting them all', async () => {
    const entries = parseZip(await collectBytes(zipStream(sampleEntries())));
    expect(entries).toHaveLength(3);
    for (const entry of entries) {
      expect(entry.method).toBe(0);
      expect(entry.flags & 0x0008).toBe(0x0008);
      expect(entry.flags & 0x0800).toBe(0x0800);
    }
    expect(entries.map((e) => e.size)).toEqual([12, encoder.encode('Grüße 🔐\n').length, 0]);
  });

  it('passes entry data through as it arrives instead of buffering the entry', async () => {
    let pulled = 0;
    async function* data(): AsyncGenerator<Uint8Array> {
      for (let i = 0; i < 100; i++) {
        pulled++;
        yield new Uint8Array(1000);
      }
    }
    const stream = zipStream([{ name: 'big.bin', data: data() }]);
    const chunks: Uint8Array[] = [];
    for await (const chunk of stream) {
      chunks.push(chunk);
      if (chunks.length === 2) break;
    }
    expect(pulled).toBe(1);
  });

  it('writes the given modification time as an MS-DOS date and time, and 1980-01-01 by default', async () => {
    const modified = new Date(Date.UTC(2024, 4, 6, 7, 8, 10));
    const [given] = parseZip(await collectBytes(zipStream([{ name: 'a', data: [] }], { modified })));
    expect(given?.date).toBe((44 << 9) | (5 << 5) | 6);
    expect(given?.time).toBe((7 << 11) | (8 << 5) | 5);
    const [fixed] = parseZip(await collectBytes(zipStream([{ name: 'a', data: [] }])));
    expect(fixed?.date).toBe((1 << 5) | 1);
    expect(fixed?.time).toBe(0);
  });

  it('writes an empty archive as just an end-of-central-directory record', async () => {
    const bytes = await collectBytes(zipStream([]));
    expect(bytes).toHaveLength(22);
    expect(parseZip(bytes)).toEqual([]);
  });

  it('refuses an entry that would pass the size limit instead of writing a broken archive', async () => {
    const limits = { maxBytes: 1000, maxEntries: 10 };
    const entries = [{ name: 'big', data: [new Uint8Array(600), new Uint8Array(600)] }];
    await expect(collectBytes(zipStreamWithLimits(entries, {}, limits))).rejects.toThrow(
      /ZIP entry "big" would exceed/,
    );
  });

  it('refuses an archive that would pass the size limit in total', async () => {
    const limits = { maxBytes: 1000, maxEntries: 10 };
    const entries = [
      { name: 'a', data: [new Uint8Array(450)] },
      { name: 'b', data: [new Uint8Array(450)] },
    ];
    await expect(collectBytes(zipStreamWithLimits(entries, {}, limits))).rejects.toThrow(/ZIP archive would exceed/);
  });

  it('refuses more entries than a ZIP without ZIP64 can count', async () => {
    function* many(): Generator<ZipEntry> {
      for (let i = 0; i < 0xffff; i++) yield { name: `f${i}`, data: [] };
    }
    await expect(collectBytes(zipStream(many()))).rejects.toThrow(/exceed 65534 entries/);
  });

  it('refuses empty and duplicate entry names', async () => {
    await expect(collectBytes(zipStream([{ name: '', data: [] }]))).rejects.toThrow(/must not be empty/);
    const twice = [
      { name: 'a', data: [] },
      { name: 'a', data: [] },
    ];
    await expect(collectBytes(zipStream(twice))).rejects.toThrow(/Duplicate/);
  });
});
