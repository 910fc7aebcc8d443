import { describe, expect, it } from 'vitest';
import { UNLOCK_METHOD_OF_TYPE, UNLOCK_RECORD_TYPES } from './lockRecord';

describe('unlock methods', () => {
  it('names the method of every unlock record type, and of nothing else', () => {
    expect(
      Object.keys(UNLOCK_METHOD_OF_TYPE)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([...UNLOCK_RECORD_TYPES].sort((a, b) => a - b));
  });
});
