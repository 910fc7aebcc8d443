import { describe, expect, it } from 'vitest';
import { columnWidth, sanitizeSheetName, sheetCellValue } from './sheetCells';

describe('sheetCellValue', () => {
  it('keeps finite numbers and text, empties null, undefined, NaN and Infinity', () => {
    expect([1.5, -42, 0, 'a', ''].map(sheetCellValue)).toEqual([1.5, -42, 0, 'a', '']);
    expect([null, undefined, Number.NaN, Number.NEGATIVE_INFINITY].map(sheetCellValue)).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });

  it('drops characters XML 1.0 forbids but keeps tabs, line breaks and non-BMP characters', () => {
    expect(sheetCellValue('a\u0001b\u0008c\uFFFE\uD800d')).toBe('abcd');
    expect(sheetCellValue('x\ty\r\nz')).toBe('x\ty\r\nz');
    expect(sheetCellValue('🔐 lock 👍🏽')).toBe('🔐 lock 👍🏽');
  });

  it('cuts text to 32,767 characters without splitting an emoji', () => {
    expect(sheetCellValue('x'.repeat(40_000))).toHaveLength(32_767);
    expect(sheetCellValue(`${'x'.repeat(32_766)}🔐`)).toBe('x'.repeat(32_766));
  });
});

describe('columnWidth', () => {
  it('takes a positive width up to 255, else 16', () => {
    expect([30, 300, 0, -1, Number.NaN, undefined].map((width) => columnWidth({ header: 'h', width }))).toEqual([
      30, 255, 16, 16, 16, 16,
    ]);
  });
});

describe('sanitizeSheetName', () => {
  it('replaces the characters Excel forbids in tab names', () => {
    expect(sanitizeSheetName('Q1: a/b\\c?*[x]')).toBe('Q1_ a_b_c___x_');
  });

  it('cuts names to 31 characters without splitting an emoji', () => {
    expect(sanitizeSheetName('x'.repeat(40))).toBe('x'.repeat(31));
    expect(sanitizeSheetName(`${'x'.repeat(30)}🔐`)).toBe('x'.repeat(30));
  });

  it('never returns an empty or reserved name', () => {
    expect(sanitizeSheetName('')).toBe('Sheet1');
    expect(sanitizeSheetName("''")).toBe('Sheet1');
    expect(sanitizeSheetName('\u0001')).toBe('Sheet1');
    expect(sanitizeSheetName('History')).toBe('History_');
  });

  it('strips leading and trailing apostrophes', () => {
    expect(sanitizeSheetName("'Users'")).toBe('Users');
  });
});
