import type { LiveType } from '@smartlock/contract';
import type { QueryKey } from '@tanstack/react-query';
import { QUERY_ROOT } from '../api/queryKeys';
import { USER_INFO_KEY } from '../app/userInfo';

/**
 * The queries a live message makes stale: a gateway going on- or offline changes the gateway
 * screens and which gateway reaches each lock; a lock's bolt or battery changes the locks behind
 * a gateway (the console's own lock lists and details take the new values in place, see
 * features/lock/lockLive); new records change the record lists; an order's payment changes the
 * purchase records, the balances and the advanced function (and the user info's VIP status).
 * An alert raised or read changes the bell's count and the alert list.
 * Operations refresh the credential lists (their state on the lock), and unlock notices come with
 * a records message of their own.
 */
const REFRESH: Record<LiveType, readonly QueryKey[]> = {
  gateway: [QUERY_ROOT.gateway, QUERY_ROOT.lock],
  lock: [QUERY_ROOT.gatewayLocks],
  records: [QUERY_ROOT.lockRecord],
  // Operations are followed by whoever started them; the credential lists also follow the ones
  // nobody started by hand (retries, a check's re-sends), so each row's state on the lock stays true.
  operation: [QUERY_ROOT.passcode, QUERY_ROOT.credential, QUERY_ROOT.credentialSync],
  unlockNotice: [],
  order: [QUERY_ROOT.order],
  balance: [QUERY_ROOT.service, QUERY_ROOT.vip, USER_INFO_KEY],
  alert: [QUERY_ROOT.alert],
};

export function queriesToRefresh(type: LiveType): readonly QueryKey[] {
  return REFRESH[type];
}

/** After a reconnect, messages may have been missed: everything live messages keep fresh. */
export function queriesAfterReconnect(): readonly QueryKey[] {
  return [...new Set(Object.values(REFRESH).flat())];
}
