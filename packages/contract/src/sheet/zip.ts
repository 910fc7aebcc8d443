import { concatBytes } from './chunker';
import { crc32 } from './crc32';

/** One file in the archive. Its data is pulled lazily, chunk by chunk, and passed through unchanged. */
export interface ZipEntry {
  name: string;
  data: AsyncIterable<Uint8Array> | Iterable<Uint8Array>;
  /** Modification time; defaults to the archive's `modified`. */
  modified?: Date;
}

export interface ZipOptions {
  /** Modification time for entries without their own; defaults to 1980-01-01 so output is reproducible. */
  modified?: Date;
}

/** Limits of a ZIP without ZIP64 extensions. */
export interface ZipLimits {
  maxBytes: number;
  maxEntries: number;
}

/**
 * All-ones values (0xFFFFFFFF, 0xFFFF) tell readers to look for ZIP64 records, which this writer does not
 * emit, so the largest usable values are one less.
 */
export const ZIP32_LIMITS: ZipLimits = { maxBytes: 0xfffffffe, maxEntries: 0xfffe };

const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
/** Version 2.0: the minimum that knows data descriptors. */
const VERSION = 20;
/** Bit 3: CRC and sizes follow the data (we stream, so we do not know them up front). Bit 11: names are UTF-8. */
const FLAGS = 0x0808;
const STORE = 0;
const DEFAULT_MODIFIED = new Date(Date.UTC(1980, 0, 1));

interface EntryRecord {
  name: Uint8Array;
  time: number;
  date: number;
  crc: number;
  size: number;
  offset: number;
}

/**
 * Streams a ZIP archive of uncompressed (STORE) entries. Memory stays flat: entry data is passed through
 * as it arrives and only a small record per entry is kept for the central directory.
 */
export function zipStream(
  entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>,
  options: ZipOptions = {},
): AsyncGenerator<Uint8Array> {
  return zipStreamWithLimits(entries, options, ZIP32_LIMITS);
}

/** {@link zipStream} with explicit limits, so tests can prove the refusal without writing 4 GiB. */
export async function* zipStreamWithLimits(
  entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>,
  options: ZipOptions,
  limits: ZipLimits,
): AsyncGenerator<Uint8Array> {
  const encoder = new TextEncoder();
  const records: EntryRecord[] = [];
  const seen = new Set<string>();
  let offset = 0;
  const advance = (bytes: number) => {
    offset += bytes;
    if (offset > limits.maxBytes)
      throw new Error(`ZIP archive would exceed ${limits.maxBytes} bytes (ZIP64 is not supported)`);
  };

  for await (const entry of entries) {
    if (records.length >= limits.maxEntries) {
      throw new Error(`ZIP archive would exceed ${limits.maxEntries} entries (ZIP64 is not supported)`);
    }
    const name = entryName(entry.name, encoder, seen);
    const { time, date } = dosDateTime(entry.modified ?? options.modified ?? DEFAULT_MODIFIED);
    const header = localHeader(name, time, date);
    const record: EntryRecord = { name, time, date, crc: 0, size: 0, offset };
    advance(header.length);
    yield header;
    for await (const chunk of entry.data) {
      if (record.size + chunk.length > limits.maxBytes) {
        throw new Error(`ZIP entry "${entry.name}" would exceed ${limits.maxBytes} bytes (ZIP64 is not supported)`);
      }
      advance(chunk.length);
      record.crc = crc32(chunk, record.crc);
      record.size += chunk.length;
      if (chunk.length > 0) yield chunk;
    }
    const descriptor = dataDescriptor(record.crc, record.size);
    advance(descriptor.length);
    yield descriptor;
    records.push(record);
  }

  const directory = concatBytes(records.map(centralHeader));
  const directoryOffset = offset;
  advance(directory.length + 22);
  if (directory.length > 0) yield directory;
  yield endOfCentralDirectory(records.length, directory.length, directoryOffset);
}

/** UTF-8 name, refusing what readers would choke on: empty, too long for the 16-bit field, or duplicated. */
function entryName(name: string, encoder: { encode(text: string): Uint8Array }, seen: Set<string>): Uint8Array {
  if (name.length === 0) throw new Error('ZIP entry name must not be empty');
  if (seen.has(name)) throw new Error(`Duplicate ZIP entry name "${name}"`);
  seen.add(name);
  const bytes = encoder.encode(name);
  if (bytes.length > 0xffff) throw new Error('ZIP entry name is longer than 65535 bytes');
  return bytes;
}

/** MS-DOS date and time (2-second resolution, years 1980–2107), from UTC fields so output does not depend on the host zone. */
function dosDateTime(when: Date): { time: number; date: number } {
  const year = when.getUTCFullYear();
  if (Number.isNaN(year) || year < 1980) return { time: 0, date: (1 << 5) | 1 };
  if (year > 2107) return { time: (23 << 11) | (59 << 5) | 29, date: (127 << 9) | (12 << 5) | 31 };
  return {
    time: (when.getUTCHours() << 11) | (when.getUTCMinutes() << 5) | (when.getUTCSeconds() >> 1),
    date: ((year - 1980) << 9) | ((when.getUTCMonth() + 1) << 5) | when.getUTCDate(),
  };
}

/** A little-endian byte writer for the fixed-layout records. */
function record(length: number, fill: (view: DataView) => void): Uint8Array {
  const bytes = new Uint8Array(length);
  fill(new DataView(bytes.buffer));
  return bytes;
}

function localHeader(name: Uint8Array, time: number, date: number): Uint8Array {
  const bytes = record(30 + name.length, (v) => {
    v.setUint32(0, LOCAL_HEADER, true);
    v.setUint16(4, VERSION, true);
    v.setUint16(6, FLAGS, true);
    v.setUint16(8, STORE, true);
    v.setUint16(10, time, true);
    v.setUint16(12, date, true);
    // CRC (14), compressed size (18) and size (22) stay zero: they are in the data descriptor.
    v.setUint16(26, name.length, true);
    v.setUint16(28, 0, true);
  });
  bytes.set(name, 30);
  return bytes;
}

function dataDescriptor(crc: number, size: number): Uint8Array {
  return record(16, (v) => {
    v.setUint32(0, DATA_DESCRIPTOR, true);
    v.setUint32(4, crc, true);
    v.setUint32(8, size, true);
    v.setUint32(12, size, true);
  });
}

function centralHeader(entry: EntryRecord): Uint8Array {
  const bytes = record(46 + entry.name.length, (v) => {
    v.setUint32(0, CENTRAL_HEADER, true);
    v.setUint16(4, VERSION, true);
    v.setUint16(6, VERSION, true);
    v.setUint16(8, FLAGS, true);
    v.setUint16(10, STORE, true);
    v.setUint16(12, entry.time, true);
    v.setUint16(14, entry.date, true);
    v.setUint32(16, entry.crc, true);
    v.setUint32(20, entry.size, true);
    v.setUint32(24, entry.size, true);
    v.setUint16(28, entry.name.length, true);
    // Extra field length, comment length, disk number, internal and external attributes: all zero.
    v.setUint32(42, entry.offset, true);
  });
  bytes.set(entry.name, 46);
  return bytes;
}

function endOfCentralDirectory(count: number, size: number, offset: number): Uint8Array {
  return record(22, (v) => {
    v.setUint32(0, END_OF_CENTRAL_DIRECTORY, true);
    v.setUint16(8, count, true);
    v.setUint16(10, count, true);
    v.setUint32(12, size, true);
    v.setUint32(16, offset, true);
  });
}
