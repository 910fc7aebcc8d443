import { describe, expect, it } from 'vitest';
import { reachFrom } from './lockReach';

describe("a lock's reach", () => {
  it('names the online gateway with the best signal', () => {
    expect(
      reachFrom([
        { gatewayName: 'Lobby', online: true, rssi: -80 },
        { gatewayName: 'Back office', online: false, rssi: -40 },
        { gatewayName: 'Hall 2', online: true, rssi: -55 },
      ]),
    ).toEqual({ online: true, rssi: -55, gatewayName: 'Hall 2' });
  });

  it('names a bound gateway when none is online, and none when none is bound', () => {
    expect(
      reachFrom([
        { gatewayName: 'Lobby', online: false, rssi: -50 },
        { gatewayName: 'Annex', online: false, rssi: null },
      ]),
    ).toEqual({ online: false, rssi: null, gatewayName: 'Annex' });
    expect(reachFrom([])).toBeUndefined();
  });

  it('prefers an online gateway that reports no signal to an offline one, and ties by name', () => {
    expect(
      reachFrom([
        { gatewayName: 'Offline', online: false, rssi: -30 },
        { gatewayName: 'Zeta', online: true, rssi: null },
        { gatewayName: 'Alpha', online: true, rssi: null },
      ]),
    ).toEqual({ online: true, rssi: null, gatewayName: 'Alpha' });
  });
});
