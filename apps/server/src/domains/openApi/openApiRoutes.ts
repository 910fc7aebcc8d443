import { openApi } from '@smartlock/contract';
import { requireSession } from '../../http/context';
import { type Route, route } from '../../http/router';
import type { OpenApiClients } from './openApiClients';

/** The console's calls about the account's open API client: read it, make or rotate its secret, set its callback. */
export function openApiRoutes(clients: OpenApiClients): Route[] {
  return [
    route(openApi.getClient, async (_params, ctx) => clients.describe(requireSession(ctx).userId)),
    route(openApi.rotateClientSecret, async (_params, ctx) => clients.rotate(requireSession(ctx).userId)),
    route(openApi.setCallbackUrl, async (params, ctx) => {
      await clients.setCallbackUrl(requireSession(ctx).userId, params.callbackUrl);
      return {};
    }),
  ];
}
