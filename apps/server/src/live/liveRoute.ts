import { ERRORS, LIVE_PATH, LIVE_TYPES, type LiveType } from '@smartlock/contract';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../http/apiError';
import type { SessionStore } from '../http/session';
import type { LiveHub } from './liveHub';

const HEARTBEAT_MS = 25_000;

/**
 * GET /api/live: server-sent events for the logged-in console (the ACCESS_TOKEN cookie). Only
 * reads, so it needs no request signature; it carries nothing but the caller's own account.
 */
export function registerLiveRoute(app: FastifyInstance, deps: { sessions: SessionStore; live: LiveHub }): void {
  app.get(LIVE_PATH, async (request, reply) => {
    let userId: number;
    try {
      userId = (await deps.sessions.resolve(deps.sessions.tokenOf(request, undefined))).userId;
    } catch (error) {
      const name = error instanceof ApiError ? error.errorName : 'notLoggedIn';
      return reply.code(401).header('cache-control', 'no-store').send({ errorCode: ERRORS[name].code });
    }
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    raw.write(`retry: 3000\nevent: ready\ndata: {"types":${JSON.stringify(LIVE_TYPES)}}\n\n`);
    const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), HEARTBEAT_MS);
    const remove = deps.live.add({
      userId,
      send(type: LiveType, data: unknown) {
        raw.write(`event: ${type}\ndata: ${JSON.stringify(data)}\n\n`);
      },
      close() {
        clearInterval(heartbeat);
        raw.end();
      },
    });
    request.raw.once('close', () => {
      clearInterval(heartbeat);
      remove();
    });
  });
}
