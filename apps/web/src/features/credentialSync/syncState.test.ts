import { CREDENTIAL_SYNC_STATES } from '@smartlock/contract';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/locales/en_US.json';
import { syncReasonKey, syncStateColor, syncStateKey } from './syncState';

const message = (key: string) =>
  key.split('.').reduce<unknown>((at, part) => (at as Record<string, unknown>)?.[part], en);

describe('a credential’s state on the lock in the console', () => {
  it('words every state and gives it a colour', () => {
    for (const state of CREDENTIAL_SYNC_STATES) {
      expect(typeof message(syncStateKey(state)), state).toBe('string');
      expect(syncStateColor(state)).toBeTruthy();
    }
  });

  it('words the reasons of a failure, and shows an unknown one by its code', () => {
    expect(message(syncReasonKey('gatewayOffline'))).toBe('the gateway was offline');
    expect(message(syncReasonKey('storageFull'))).toBe("the lock's memory is full");
    expect(syncReasonKey('somethingNew')).toBe('credentialSync.reason.other');
  });
});
