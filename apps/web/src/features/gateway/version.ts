import { GatewayVersion } from '@smartlock/contract';

const KNOWN: ReadonlySet<number> = new Set(Object.values(GatewayVersion));

/** A gateway's model as people call it: G1 to G4. */
export function gatewayVersionLabel(version: number): string {
  return KNOWN.has(version) ? `G${version}` : '—';
}
