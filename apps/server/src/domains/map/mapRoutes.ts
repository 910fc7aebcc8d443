import { MAP_LIVE_PATH, map } from '@smartlock/contract';
import type { FastifyInstance } from 'fastify';
import { requireSession } from '../../http/context';
import { type Route, route } from '../../http/router';
import { openEventStream } from '../../live/eventStream';
import { searchCities } from './cityCatalogue';
import type { MapActivityService } from './mapActivityService';
import type { MapService } from './mapService';

/** How often an open public screen is sent the numbers (when they changed). */
const PUSH_MS = 3000;

/** The public map's numbers, and placing locks and gateways in cities (docs/map.md). */
export function mapRoutes(deps: { places: MapService; activity: MapActivityService }): Route[] {
  return [
    route(map.getActivity, async () => deps.activity.current()),

    route(map.searchCities, async (params, ctx) => {
      requireSession(ctx);
      return { list: searchCities(params.keyword, { country: params.country }) };
    }),

    route(map.setLockLocation, async (params, ctx) =>
      deps.places.setLockLocation(requireSession(ctx).userId, params.lockId, params.cityId),
    ),

    route(map.setGatewayLocation, async (params, ctx) => {
      await deps.places.setGatewayLocation(requireSession(ctx).userId, params.gatewayId, params.cityId);
      return {};
    }),
  ];
}

/**
 * GET /api/map/live: the public numbers as server-sent events (`activity`), sent on connecting
 * and whenever they change; no session, nothing but aggregates. The browser's EventSource comes
 * back by itself after a restart.
 */
export function registerMapLive(app: FastifyInstance, activity: MapActivityService): void {
  const open = new Set<() => void>();
  // Before the server waits for its connections to end: a stream never ends by itself.
  app.addHook('preClose', async () => {
    for (const close of open) close();
  });
  app.get(MAP_LIVE_PATH, async (request, reply) => {
    const stream = openEventStream(reply, () => close());
    let last = '';
    const timer = setInterval(() => void push(), PUSH_MS);
    function close() {
      clearInterval(timer);
      open.delete(close);
      stream.end();
    }
    async function push() {
      try {
        const data = await activity.current();
        const key = JSON.stringify({ ...data, generatedAt: 0 });
        if (key !== last) {
          last = key;
          stream.send('activity', data);
        }
      } catch (err) {
        request.log.warn({ err }, 'map activity failed');
      }
    }
    open.add(close);
    await push();
  });
}
