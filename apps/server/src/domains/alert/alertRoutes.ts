import { alert } from '@smartlock/contract';
import { requireSession } from '../../http/context';
import { type Route, route } from '../../http/router';
import type { AlertService } from './alertService';

/** Alerts and the notification centre (docs/governance.md, Alerts): the caller's own only. */
export function alertRoutes(service: AlertService): Route[] {
  const userOf = (ctx: Parameters<typeof requireSession>[0]) => requireSession(ctx).userId;
  return [
    route(alert.list, (params, ctx) => service.list(userOf(ctx), params)),
    route(alert.unreadCount, (_params, ctx) => service.unreadCount(userOf(ctx))),
    route(alert.read, (params, ctx) => service.read(userOf(ctx), params.alertId)),
    route(alert.readAll, (params, ctx) => service.readAll(userOf(ctx), params.kind)),
    route(alert.getSettings, (_params, ctx) => service.settingsOf(userOf(ctx))),
    route(alert.updateSettings, (params, ctx) => service.updateSettings(userOf(ctx), params)),
  ];
}
