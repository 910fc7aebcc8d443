/** How gateways reach a lock: the flags the lock list and detail answer. */
export interface LockGatewayFlags {
  /** 1 when the lock is bound to a gateway, online or offline. */
  hasGateway: number;
  /** 1 when one of those gateways is online now: only then can the lock be operated remotely. */
  hasOnlineGateway: number;
}

/** No gateway bound to the lock, one bound but offline, or one online now. */
export type ReachState = 'none' | 'offline' | 'online';

export function reachState(flags: LockGatewayFlags): ReachState {
  if (flags.hasOnlineGateway === 1) return 'online';
  return flags.hasGateway === 1 ? 'offline' : 'none';
}

/**
 * Why remote operations (unlock, lock, state, clock) cannot start now, as an i18n key: they need
 * a gateway online now. Undefined when one is.
 */
export function remoteUnavailableKey(flags: LockGatewayFlags): string | undefined {
  switch (reachState(flags)) {
    case 'online':
      return undefined;
    case 'offline':
      return 'lock.gatewayOfflineHint';
    case 'none':
      return 'lock.noGatewayReach';
  }
}
