/** How gateways reach a lock: bound to at least one (online or not), the best signal among the online ones, and which. */
export interface LockReach {
  /** At least one of the gateways it is bound to is online. */
  online: boolean;
  /** The best RSSI among the online gateways, when any reports one. */
  rssi: number | null;
  /** The gateway the console names: the online one with the best signal, else one bound to it (offline). */
  gatewayName: string;
}

/** One gateway bound to a lock, as the reach of the lock is worked out from. */
export interface GatewayLink {
  gatewayName: string;
  online: boolean;
  /** This gateway's signal to the lock (RSSI), when it reports one. */
  rssi: number | null;
}

/** Whether `a` serves the lock better than `b`: online first, then the stronger signal, then by name. */
function better(a: GatewayLink, b: GatewayLink): boolean {
  if (a.online !== b.online) return a.online;
  const ra = a.online ? (a.rssi ?? Number.NEGATIVE_INFINITY) : Number.NEGATIVE_INFINITY;
  const rb = b.online ? (b.rssi ?? Number.NEGATIVE_INFINITY) : Number.NEGATIVE_INFINITY;
  if (ra !== rb) return ra > rb;
  return a.gatewayName.localeCompare(b.gatewayName) < 0;
}

/** A lock's reach from the gateways bound to it; undefined when none is. */
export function reachFrom(links: readonly GatewayLink[]): LockReach | undefined {
  let best: GatewayLink | undefined;
  for (const link of links) if (!best || better(link, best)) best = link;
  if (!best) return undefined;
  return { online: best.online, rssi: best.online ? best.rssi : null, gatewayName: best.gatewayName };
}
