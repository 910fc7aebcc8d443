import { describe, expect, it } from 'vitest';
import { formatCount, formatDuration, formatPercent, intlTag, regionName } from './format';

describe('formatting in the console language', () => {
  it('turns console languages into BCP 47 tags', () => {
    expect(intlTag('zh_CN')).toBe('zh-CN');
    expect(intlTag('en_US')).toBe('en-US');
  });
  it('writes percentages the way each language does', () => {
    expect(formatPercent(80, 'en_US')).toBe('80%');
    expect(formatPercent(80, 'de_DE')).toMatch(/^80\s%$/);
  });
  it('shows only the units a duration needs', () => {
    expect(formatDuration(0, 'en_US')).toBe('0 sec');
    expect(formatDuration(42_400, 'en_US')).toBe('42 sec');
    expect(formatDuration(-(3 * 60_000 + 12_000), 'en_US')).toBe('3 min 12 sec');
    expect(formatDuration(2 * 3_600_000, 'en_US')).toBe('2 hr');
    expect(formatDuration(3_600_000 + 5_000, 'en_US')).toBe('1 hr 5 sec');
  });
  it('groups counts and names regions in the language', () => {
    expect(formatCount(12_345, 'en_US')).toBe('12,345');
    expect(formatCount(12_345, 'de_DE')).toBe('12.345');
    expect(regionName('GB', 'en_US')).toBe('United Kingdom');
    expect(regionName('GB', 'de_DE')).toBe('Vereinigtes Königreich');
    expect(regionName('??', 'en_US')).toBe('??');
  });
});
