import { describe, expect, it } from 'vitest';
import { queriesAfterReconnect, queriesToRefresh } from './liveRefresh';

describe('what live messages refresh', () => {
  it('refreshes gateway screens on gateway messages', () => {
    expect(queriesToRefresh('gateway')).toEqual([['gateway']]);
  });
  it('refreshes lock lists, those behind a gateway too, on lock messages', () => {
    expect(queriesToRefresh('lock')).toEqual([['gateway', 'locks'], ['lock']]);
  });
  it('refreshes record lists on records messages', () => {
    expect(queriesToRefresh('records')).toEqual([['lockRecord']]);
  });
  it('leaves operations to their followers', () => {
    expect(queriesToRefresh('operation')).toEqual([]);
    expect(queriesToRefresh('unlockNotice')).toEqual([]);
  });
  it('refreshes all of them after a reconnect', () => {
    expect(queriesAfterReconnect()).toEqual([['gateway'], ['gateway', 'locks'], ['lock'], ['lockRecord']]);
  });
});
