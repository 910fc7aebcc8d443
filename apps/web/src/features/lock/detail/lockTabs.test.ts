import { featureValueOf } from '@smartlock/contract';
import { describe, expect, it } from 'vitest';
import { lockTabs, tabCount, tabOfPath, tabPath } from './lockTabs';

describe('lock-detail tabs', () => {
  it('always show eKeys, and the credential tabs a lock supports, in order', () => {
    expect(lockTabs(featureValueOf(['remoteUnlock', 'parkingLock']))).toEqual(['ekey']);
    expect(lockTabs(featureValueOf(['passcode', 'card', 'fingerprint', 'face', 'autoLock']))).toEqual([
      'ekey',
      'passcode',
      'card',
      'fingerprint',
      'face',
    ]);
    expect(lockTabs(featureValueOf(['qrCode', 'palmVein']))).toEqual(['ekey', 'palmVein', 'qrcode']);
  });
  it('treat a malformed feature value as no features', () => {
    expect(lockTabs('zz')).toEqual(['ekey']);
  });
  it('read the tab from the path and link to it with the lock', () => {
    expect(tabOfPath('/manage/palmVein')).toBe('palmVein');
    expect(tabOfPath('/manage/passageMode')).toBeUndefined();
    expect(tabPath('card', 12)).toBe('/manage/card?lockId=12');
  });
  it('count eKeys and passcodes on their tabs, nothing on the others', () => {
    const counts = { ekey: 3, passcode: 0 };
    expect(tabCount('ekey', counts)).toBe(3);
    expect(tabCount('passcode', counts)).toBe(0);
    expect(tabCount('card', counts)).toBeUndefined();
    expect(tabCount('ekey', undefined)).toBeUndefined();
  });
});
