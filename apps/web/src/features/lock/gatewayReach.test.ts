import { describe, expect, it } from 'vitest';
import { reachState, remoteUnavailableKey } from './gatewayReach';

describe('a lock’s gateway reach', () => {
  it('tells no gateway, an offline one and an online one apart', () => {
    expect(reachState({ hasGateway: 0, hasOnlineGateway: 0 })).toBe('none');
    expect(reachState({ hasGateway: 1, hasOnlineGateway: 0 })).toBe('offline');
    expect(reachState({ hasGateway: 1, hasOnlineGateway: 1 })).toBe('online');
  });

  it('offers remote operations only through an online gateway, saying why not otherwise', () => {
    expect(remoteUnavailableKey({ hasGateway: 1, hasOnlineGateway: 1 })).toBeUndefined();
    expect(remoteUnavailableKey({ hasGateway: 1, hasOnlineGateway: 0 })).toBe('lock.gatewayOfflineHint');
    expect(remoteUnavailableKey({ hasGateway: 0, hasOnlineGateway: 0 })).toBe('lock.noGatewayReach');
  });
});
