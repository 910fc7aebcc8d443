import { describe, expect, it } from 'vitest';
import { REMARK_MAX } from '../limits';
import { validateIdNumber, validateRemark } from './identity';

describe('ID number', () => {
  it.each(['11010519491231002X', `${'110105194912310029'.slice(0, 17)}X`, 'E12345678', 'AB-123456', 'X1234'])(
    'accepts %j',
    (id) => {
      expect(validateIdNumber(id).ok).toBe(true);
    },
  );
  it.each([
    '110105194912310021', // wrong check digit
    '11010519491331002X', // month 13
    '1234',
    'AB 123456',
    '-AB123',
    'AB123-',
    'A'.repeat(21),
    '<script>',
  ])('refuses %j', (id) => {
    expect(validateIdNumber(id)).toMatchObject({ error: 'idNumberFormat' });
  });
});

describe('remark', () => {
  it('accepts text of any script up to the limit', () => {
    expect(validateRemark('Cleaner — Mon/Wed, 清洁工').ok).toBe(true);
    expect(validateRemark('').ok).toBe(true);
    expect(validateRemark('x'.repeat(REMARK_MAX)).ok).toBe(true);
  });
  it.each(['x'.repeat(REMARK_MAX + 1), '<b>bold</b>', 'a\u0000b', 'back\\slash'])('refuses %j', (remark) => {
    expect(validateRemark(remark)).toMatchObject({ error: 'remarkInvalid' });
  });
});
