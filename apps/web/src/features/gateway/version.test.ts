import { GatewayVersion } from '@smartlock/contract';
import { describe, expect, it } from 'vitest';
import { gatewayVersionLabel } from './version';

describe('gateway versions', () => {
  it('are G1 to G4', () => {
    expect(Object.values(GatewayVersion).map(gatewayVersionLabel)).toEqual(['G1', 'G2', 'G3', 'G4']);
    expect(gatewayVersionLabel(9)).toBe('—');
  });
});
