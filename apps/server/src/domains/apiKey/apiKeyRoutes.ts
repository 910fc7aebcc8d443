import { apiKey } from '@smartlock/contract';
import { requireSession } from '../../http/context';
import { type Route, route } from '../../http/router';
import type { ApiKeyService } from './apiKeyService';

/** The console's calls about the account's API keys: list, make (the secret shown once), revoke. No key may make them. */
export function apiKeyRoutes(keys: ApiKeyService): Route[] {
  return [
    route(apiKey.list, async (_params, ctx) => keys.list(requireSession(ctx).userId)),
    route(apiKey.create, async (params, ctx) => keys.create(requireSession(ctx).userId, params)),
    route(apiKey.revoke, async (params, ctx) => {
      await keys.revoke(requireSession(ctx).userId, params.apiKeyId);
      return {};
    }),
  ];
}
