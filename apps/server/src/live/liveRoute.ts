import { ERRORS, LIVE_PATH, LIVE_TYPES, type LiveType } from '@smartlock/contract';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../http/apiError';
import type { SessionStore } from '../http/session';
import { openEventStream } from './eventStream';
import type { LiveHub } from './liveHub';

/**
 * GET /api/live: server-sent events for the logged-in console (the ACCESS_TOKEN cookie). Only
 * reads, so it needs no request signature; it carries nothing but the caller's own account.
 */
export function registerLiveRoute(app: FastifyInstance, deps: { sessions: SessionStore; live: LiveHub }): void {
  // Before the server waits for its connections to end: a stream never ends by itself.
  app.addHook('preClose', async () => deps.live.closeAll());
  app.get(LIVE_PATH, async (request, reply) => {
    let userId: number;
    try {
      userId = (await deps.sessions.resolve(deps.sessions.tokenOf(request, undefined))).userId;
    } catch (error) {
      const name = error instanceof ApiError ? error.errorName : 'notLoggedIn';
      return reply.code(401).header('cache-control', 'no-store').send({ errorCode: ERRORS[name].code });
    }
    let remove = () => {};
    const stream = openEventStream(reply, () => remove());
    const membership = deps.live.add({
      userId,
      send(type: LiveType, data: unknown) {
        stream.send(type, data);
      },
      close() {
        stream.end();
      },
    });
    remove = membership.remove;
    // Ready once what other instances publish for the account arrives here too.
    await membership.ready;
    stream.send('ready', { types: LIVE_TYPES });
  });
}
