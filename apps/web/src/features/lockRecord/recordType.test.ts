import { LockRecordType } from '@smartlock/contract';
import { describe, expect, it } from 'vitest';
import { recordTypeLabel } from './recordType';

describe('record type names', () => {
  it('names the ways a lock is opened', () => {
    expect(recordTypeLabel(LockRecordType.passcodeUnlock).key).toBe('record.type.passcodeUnlock');
    expect(recordTypeLabel(LockRecordType.remoteUnlock).key).toBe('record.type.remoteUnlock');
    expect(recordTypeLabel(LockRecordType.palmVeinUnlock).key).toBe('record.type.palmVeinUnlock');
  });
  it('shows the number of any other type', () => {
    expect(recordTypeLabel(LockRecordType.tamperAlert)).toEqual({
      key: 'record.type.other',
      params: { type: LockRecordType.tamperAlert },
    });
  });
});
