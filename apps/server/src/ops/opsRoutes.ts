import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import type { DeviceLink } from '../devices/link';
import type { Metrics } from './metrics';

function sameToken(given: string, wanted: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(wanted);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * What an operator's tooling reads: GET /healthz (alive: the process answers and the database
 * does), GET /readyz (ready for traffic: the database and the device link are up; a closing
 * instance answers 503 so the load balancer drains it) and GET /metrics (Prometheus; with
 * METRICS_TOKEN set, only with `Authorization: Bearer <token>`; without one, only where the
 * metrics are public: outside production, or with METRICS_PUBLIC).
 */
export function registerOpsRoutes(
  app: FastifyInstance,
  deps: {
    database: Database;
    link: DeviceLink;
    metrics: Metrics;
    metricsToken: string | undefined;
    metricsPublic: boolean;
  },
): void {
  const { database, link, metrics } = deps;
  const databaseUp = async () => {
    try {
      await database.db.execute(sql`select 1`);
      return true;
    } catch {
      return false;
    }
  };

  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
  });

  app.get('/healthz', async (_request, reply) => {
    const up = await databaseUp();
    return reply.code(up ? 200 : 503).send({ status: up ? 'ok' : 'unavailable', database: database.engine });
  });

  app.get('/readyz', async (_request, reply) => {
    const checks = { database: await databaseUp(), deviceLink: link.connected };
    const ready = checks.database && checks.deviceLink;
    return reply
      .code(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: ready ? 'ready' : 'unavailable', ...checks });
  });

  if (!deps.metricsToken && !deps.metricsPublic) {
    app.log.warn('GET /metrics refuses every caller: set METRICS_TOKEN (or METRICS_PUBLIC=true to serve it to anyone)');
  }
  app.get('/metrics', async (request, reply) => {
    if (!deps.metricsToken && !deps.metricsPublic) {
      return reply.code(403).header('cache-control', 'no-store').send({
        status: 'forbidden',
        reason: 'set METRICS_TOKEN, or METRICS_PUBLIC=true to serve the metrics to anyone',
      });
    }
    if (deps.metricsToken) {
      const given = request.headers.authorization?.replace(/^Bearer\s+/i, '') ?? '';
      if (!sameToken(given, deps.metricsToken)) {
        return reply.code(401).header('www-authenticate', 'Bearer').send({ status: 'unauthorized' });
      }
    }
    const { text, contentType } = await metrics.exposition();
    return reply.header('content-type', contentType).header('cache-control', 'no-store').send(text);
  });
}
