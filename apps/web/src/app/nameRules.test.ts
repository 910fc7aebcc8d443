import { NAME_MAX } from '@smartlock/contract';
import { describe, expect, it } from 'vitest';
import { nameProblem } from './nameRules';

describe('names', () => {
  it('must not be empty', () => {
    expect(nameProblem('')).toBe('required');
    expect(nameProblem('   ')).toBe('required');
  });
  it('may have at most 50 characters, spaces around not counted', () => {
    expect(NAME_MAX).toBe(50);
    expect(nameProblem('x'.repeat(50))).toBeUndefined();
    expect(nameProblem(` ${'x'.repeat(50)} `)).toBeUndefined();
    expect(nameProblem('x'.repeat(51))).toBe('tooLong');
    expect(nameProblem('大堂网关')).toBeUndefined();
  });
  it('take a smaller limit where one applies', () => {
    expect(nameProblem('abcd', 3)).toBe('tooLong');
  });
});
