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
    expect(lockTabs(featureValueOf(['keyFob', 'card']))).toEqual(['ekey', 'card', 'keyfob']);
  });
  it('treat a malformed feature value as no features', () => {
    expect(lockTabs('zz')).toEqual(['ekey']);
  });
  it('read the tab from the path and link to it with the lock', () => {
    expect(tabOfPath('/manage/palmVein')).toBe('palmVein');
    expect(tabOfPath('/manage/passageMode')).toBeUndefined();
    expect(tabPath('card', 12)).toBe('/manage/card?lockId=12');
  });
  it('count eKeys and passcodes on their tabs, and the other kinds when the lock detail counts them', () => {
    const counts = { ekey: 3, passcode: 0 };
    expect(tabCount('ekey', counts)).toBe(3);
    expect(tabCount('passcode', counts)).toBe(0);
    expect(tabCount('card', counts)).toBeUndefined();
    expect(tabCount('ekey', undefined)).toBeUndefined();
    const all = { ekey: 1, passcode: 2, card: 3, fingerprint: 4, face: 5, palmVein: 6, qrCode: 7, keyFob: 0 };
    expect(tabCount('card', all)).toBe(3);
    expect(tabCount('qrcode', all)).toBe(7);
    expect(tabCount('keyfob', all)).toBe(0);
    expect(tabCount('palmVein', all)).toBe(6);
  });
});
