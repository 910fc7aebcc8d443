/**
 * The live channel (server-sent events at LIVE_PATH): what the console learns without reloading.
 * Each message is one SSE event whose name is the `type` below and whose data is its JSON.
 */
import type { RemoteOperation } from './calls/remoteOperation';

export const LIVE_PATH = '/api/live';

export interface LiveMessages {
  /** A remote operation changed state. */
  operation: RemoteOperation;
  /** A lock's bolt or battery changed. */
  lock: { lockId: number; state: number; battery: number };
  /** A gateway came online or went offline. */
  gateway: { gatewayId: number; isOnline: 0 | 1 };
  /** New unlock records arrived for a lock. */
  records: { lockId: number; count: number };
  /** An unlock the lock administrator is told about (not mechanical keys, not their own). */
  unlockNotice: {
    lockId: number;
    lockName: string;
    recordType: number;
    username: string;
    at: number;
  };
  /** One of the account's orders changed (paid, declined, cancelled, overdue, refunded). */
  order: { orderNo: string; status: number };
  /** The account's units of a service or its advanced function changed. */
  balance: Record<string, never>;
  /** An alert was raised, or alerts were read: the account's unread count now. */
  alert: { alertId: number | null; kind: string | null; unread: number };
}
export type LiveType = keyof LiveMessages;
export const LIVE_TYPES: readonly LiveType[] = [
  'operation',
  'lock',
  'gateway',
  'records',
  'unlockNotice',
  'order',
  'balance',
  'alert',
];
