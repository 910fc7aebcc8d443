import { crc32, inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { zlibDeflater } from './zlibDeflater';

async function* pieces(count: number, size: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < count; i++) yield new TextEncoder().encode(`<row r="${i}">${'x'.repeat(size)}</row>`);
}

async function collect(chunks: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const out: Uint8Array[] = [];
  for await (const chunk of chunks) out.push(chunk);
  return Buffer.concat(out);
}

describe('zlibDeflater', () => {
  it('deflates its input as raw DEFLATE that inflates back to it, much smaller', async () => {
    const input = await collect(pieces(2_000, 100));
    const deflated = await collect(zlibDeflater.deflateRaw(pieces(2_000, 100)));
    expect(inflateRawSync(deflated).equals(input)).toBe(true);
    expect(deflated.length).toBeLessThan(input.length / 5);
  });

  it("continues a CRC-32 over chunks as ZIP's CRC of the whole", () => {
    const check = new TextEncoder().encode('123456789');
    expect(zlibDeflater.crc32(check, 0)).toBe(0xcbf43926);
    const rest = zlibDeflater.crc32(check.subarray(4), zlibDeflater.crc32(check.subarray(0, 4), 0));
    expect(rest).toBe(crc32(check));
  });

  it('closes its input when the reader stops', async () => {
    let closed = false;
    let pulled = 0;
    async function* endless(): AsyncGenerator<Uint8Array> {
      try {
        for (;;) {
          pulled++;
          yield new Uint8Array(64 * 1024).fill(pulled % 251);
        }
      } finally {
        closed = true;
      }
    }
    for await (const _chunk of zlibDeflater.deflateRaw(endless())) break;
    await expect.poll(() => closed).toBe(true);
    expect(pulled).toBeLessThan(100);
  });

  it('fails when its input fails', async () => {
    async function* failing(): AsyncGenerator<Uint8Array> {
      yield new Uint8Array(10);
      throw new Error('database gone');
    }
    await expect(collect(zlibDeflater.deflateRaw(failing()))).rejects.toThrow('database gone');
  });
});
