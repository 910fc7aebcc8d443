import { webhook } from '@smartlock/contract';
import { requireSession } from '../../http/context';
import { type Route, route } from '../../http/router';
import type { WebhookService } from './webhookService';

/** The console's calls about the account's webhooks: endpoints, secrets, the delivery log, send again, test. */
export function webhookRoutes(webhooks: WebhookService): Route[] {
  const userOf = (ctx: Parameters<typeof requireSession>[0]) => requireSession(ctx).userId;
  return [
    route(webhook.list, async (_params, ctx) => webhooks.list(userOf(ctx))),
    route(webhook.add, async (params, ctx) => webhooks.add(userOf(ctx), params)),
    route(webhook.update, async (params, ctx) => webhooks.update(userOf(ctx), params)),
    route(webhook.remove, async (params, ctx) => {
      await webhooks.remove(userOf(ctx), params.endpointId);
      return {};
    }),
    route(webhook.secret, async (params, ctx) => webhooks.secret(userOf(ctx), params.endpointId)),
    route(webhook.rotateSecret, async (params, ctx) => webhooks.rotateSecret(userOf(ctx), params.endpointId)),
    route(webhook.deliveries, async (params, ctx) => webhooks.deliveries(userOf(ctx), params)),
    route(webhook.redeliver, async (params, ctx) => webhooks.redeliver(userOf(ctx), params.deliveryId)),
    route(webhook.sendTest, async (params, ctx) => webhooks.sendTest(userOf(ctx), params.endpointId)),
  ];
}
