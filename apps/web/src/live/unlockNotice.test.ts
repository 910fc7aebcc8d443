import { LockRecordType } from '@smartlock/contract';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { unlockNoticeText } from './unlockNotice';

const t = ((key: string, params?: Record<string, unknown>) =>
  params ? `${key}${JSON.stringify(params)}` : key) as unknown as TFunction;

const notice = {
  lockId: 4,
  lockName: 'Front door',
  recordType: LockRecordType.cardUnlock,
  username: 'ana@example.com',
  at: Date.UTC(2026, 10, 22, 7, 0, 0),
};

describe('unlock notices', () => {
  it('say how, by whom and when', () => {
    const text = unlockNoticeText(t, notice, 'en_US');
    expect(text).toMatch(/^live\.unlockNotice\{/);
    expect(text).toContain('"method":"records.type.cardUnlock');
    expect(text).toContain('"user":"ana@example.com"');
    expect(text).toContain('2026');
  });
  it('leave out who when the lock does not know', () => {
    expect(unlockNoticeText(t, { ...notice, username: '' }, 'en_US')).toMatch(/^live\.unlockNoticeAnonymous\{/);
  });
});
