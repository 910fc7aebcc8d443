import { describe, expect, it } from 'vitest';
import { gatewayNameProblem } from './gatewayName';

describe('gateway names', () => {
  it('must not be empty', () => {
    expect(gatewayNameProblem('')).toBe('required');
    expect(gatewayNameProblem('   ')).toBe('required');
  });
  it('may have at most 50 characters, spaces around not counted', () => {
    expect(gatewayNameProblem('x'.repeat(50))).toBeUndefined();
    expect(gatewayNameProblem(` ${'x'.repeat(50)} `)).toBeUndefined();
    expect(gatewayNameProblem('x'.repeat(51))).toBe('tooLong');
    expect(gatewayNameProblem('大堂网关')).toBeUndefined();
  });
});
