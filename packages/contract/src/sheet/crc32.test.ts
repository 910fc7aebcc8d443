import { describe, expect, it } from 'vitest';
import { crc32 } from './crc32';

const encoder = new TextEncoder();

describe('crc32', () => {
  it('matches the IEEE check value for "123456789"', () => {
    expect(crc32(encoder.encode('123456789'))).toBe(0xcbf43926);
  });

  it('is 0 for empty input', () => {
    expect(crc32(new Uint8Array(0))).toBe(0);
  });

  it('gives the same result fed incrementally as in one call', () => {
    const whole = encoder.encode('The quick brown fox jumps over the lazy dog');
    let crc = 0;
    for (let i = 0; i < whole.length; i += 5) crc = crc32(whole.subarray(i, i + 5), crc);
    expect(crc).toBe(crc32(whole));
    expect(crc).toBe(0x414fa339);
  });

  it('returns an unsigned 32-bit number', () => {
    const value = crc32(new Uint8Array([0xff, 0xff, 0xff, 0xff]));
    expect(value).toBeGreaterThanOrEqual(0);
    expect(value).toBeLessThanOrEqual(0xffffffff);
  });
});
