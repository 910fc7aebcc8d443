import { describe, expect, it } from 'vitest';
import { queriesAfterReconnect, queriesToRefresh } from './liveRefresh';

describe('what live messages refresh', () => {
  it('refreshes gateway screens and lock screens (their gateway reach) on gateway messages', () => {
    expect(queriesToRefresh('gateway')).toEqual([['gateway'], ['lock']]);
  });
  it('refreshes the locks behind a gateway on lock messages (lock lists take the values in place)', () => {
    expect(queriesToRefresh('lock')).toEqual([['gateway', 'locks']]);
  });
  it('refreshes record lists on records messages', () => {
    expect(queriesToRefresh('records')).toEqual([['lockRecord']]);
  });
  it('refreshes the credential lists and the lock’s summary on operation messages (retries nobody follows)', () => {
    expect(queriesToRefresh('operation')).toEqual([['passcode'], ['credential'], ['credentialSync']]);
    expect(queriesToRefresh('unlockNotice')).toEqual([]);
  });
  it('refreshes purchase records on order messages, and balances, the advanced function and the user info on balance messages', () => {
    expect(queriesToRefresh('order')).toEqual([['order']]);
    expect(queriesToRefresh('balance')).toEqual([['service'], ['vip'], ['user', 'info']]);
  });
  it('refreshes the bell’s unread count and the alert list on alert messages', () => {
    expect(queriesToRefresh('alert')).toEqual([['alert']]);
  });
  it('refreshes all of them after a reconnect', () => {
    expect(queriesAfterReconnect()).toEqual([
      ['gateway'],
      ['lock'],
      ['gateway', 'locks'],
      ['lockRecord'],
      ['passcode'],
      ['credential'],
      ['credentialSync'],
      ['order'],
      ['service'],
      ['vip'],
      ['user', 'info'],
      ['alert'],
    ]);
  });
});
