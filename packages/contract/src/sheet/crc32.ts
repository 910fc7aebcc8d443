/** CRC-32 (IEEE 802.3, reflected polynomial 0xEDB88320), the checksum every ZIP entry carries. */
const TABLE = buildTable();

/** One entry per byte value, so the hot loop does a lookup instead of eight shifts. */
function buildTable(): Uint32Array {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
}

/**
 * CRC-32 of `bytes`, continuing from `previous` (the result of an earlier call), so a stream can be
 * checksummed chunk by chunk: `crc32(b, crc32(a))` equals `crc32(a + b)`.
 */
export function crc32(bytes: Uint8Array, previous = 0): number {
  let c = ~previous;
  for (let i = 0; i < bytes.length; i++) {
    c = (TABLE[(c ^ (bytes[i] as number)) & 0xff] as number) ^ (c >>> 8);
  }
  return ~c >>> 0;
}
