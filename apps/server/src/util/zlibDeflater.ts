import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32, createDeflateRaw } from 'node:zlib';
import type { SheetDeflater } from '@smartlock/contract/sheet/xlsxWriter';

/**
 * zlib's raw DEFLATE for the xlsx writer's sheet, level 1 (about 10:1 on sheet XML, as fflate's level 1,
 * at a fraction of its time): the compressing runs in libuv's thread pool, beside the main
 * thread that reads the next rows and writes their XML; the CRC-32 is zlib's too.
 */
export const zlibDeflater: SheetDeflater = {
  deflateRaw(input) {
    const deflate = createDeflateRaw({ level: 1, chunkSize: 64 * 1024 });
    // A failing input fails `deflate` (read by the writer); closing `deflate` closes the input.
    pipeline(Readable.from(input), deflate).catch(() => {});
    return deflate;
  },
  crc32: (data, crc) => crc32(data, crc),
};
