import { describe, expect, it } from 'vitest';
import { expiredPartitions, monthOfPartition, monthPartitionName, monthStart, monthsToHave } from './recordPartitions';

const LATE_NOVEMBER = new Date('2026-11-30T23:59:59.999Z');

describe('record partitions by month', () => {
  it('counts months in UTC, across years', () => {
    expect(monthStart(LATE_NOVEMBER)).toBe('2026-11-01');
    expect(monthStart(LATE_NOVEMBER, 2)).toBe('2027-01-01');
    expect(monthStart(LATE_NOVEMBER, -11)).toBe('2025-12-01');
    expect(monthStart(new Date('2026-12-01T00:00:00Z'))).toBe('2026-12-01');
  });

  it('names a month partition and reads the month back', () => {
    expect(monthPartitionName('2027-01-01')).toBe('lock_records_2027_01');
    expect(monthOfPartition('lock_records_2027_01')).toBe('2027-01-01');
    expect(monthOfPartition('lock_records_default')).toBeUndefined();
    expect(monthOfPartition('lock_records_2027_01_pkey')).toBeUndefined();
  });

  it('wants the current month and three ahead', () => {
    expect(monthsToHave(LATE_NOVEMBER)).toEqual(['2026-11-01', '2026-12-01', '2027-01-01', '2027-02-01']);
  });

  it('expires the months before the kept ones, never the default partition, nothing without retention', () => {
    const names = ['lock_records_2026_04', 'lock_records_2026_05', 'lock_records_2026_11', 'lock_records_default'];
    expect(expiredPartitions(names, LATE_NOVEMBER, undefined)).toEqual([]);
    // Six months kept before November: May to October.
    expect(expiredPartitions(names, LATE_NOVEMBER, 6)).toEqual(['lock_records_2026_04']);
    expect(expiredPartitions(names, LATE_NOVEMBER, 7)).toEqual([]);
  });
});
