import type { AlertItem } from '@smartlock/contract';
import type { alertPage } from './alertQueries';

type PageRow = Awaited<ReturnType<typeof alertPage>>['list'][number];

/** An alert as the contract gives it: a lock or gateway the account no longer owns is not named. */
export function presentAlert(row: PageRow): AlertItem {
  const { alert } = row;
  return {
    alertId: alert.id,
    kind: alert.kind,
    lockId: alert.lockId,
    lockAlias: row.lockOwnerId === alert.ownerId ? row.lockAlias : null,
    gatewayId: alert.gatewayId,
    gatewayName: row.gatewayOwnerId === alert.ownerId ? row.gatewayName : null,
    details: alert.details,
    raisedAt: alert.raisedAt.getTime(),
    read: alert.readAt !== null,
    cleared: alert.clearedAt !== null,
    delivery: alert.delivery,
  };
}
