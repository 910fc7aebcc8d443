/** Target size of the chunks the writers yield: large enough to avoid per-cell overhead, small enough to keep memory flat. */
export const CHUNK_BYTES = 64 * 1024;

/**
 * Encodes a stream of text pieces as UTF-8 and yields it in chunks of `chunkBytes` (the last one may be
 * shorter), so callers get a few large writes instead of one per cell. Only one chunk is held at a time.
 */
export async function* batchText(
  parts: AsyncIterable<string> | Iterable<string>,
  chunkBytes = CHUNK_BYTES,
): AsyncGenerator<Uint8Array> {
  // A UTF-8 character takes up to 4 bytes: a smaller buffer could never make progress.
  const size = Math.max(4, Math.floor(chunkBytes));
  const encoder = new TextEncoder();
  let buffer = new Uint8Array(size);
  let used = 0;
  for await (const part of parts) {
    let rest = part;
    while (rest.length > 0) {
      const { read, written } = encoder.encodeInto(rest, buffer.subarray(used));
      used += written;
      rest = read === rest.length ? '' : rest.slice(read);
      // Full, or the next character does not fit: hand the buffer over and start a fresh one.
      if (used === size || rest.length > 0) {
        yield buffer.subarray(0, used);
        buffer = new Uint8Array(size);
        used = 0;
      }
    }
  }
  if (used > 0) yield buffer.slice(0, used);
}

/** Joins byte arrays into one. */
export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** Drains a byte stream into one array: for small outputs (a browser download), not for large exports. */
export async function collectBytes(chunks: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return concatBytes(parts);
}
