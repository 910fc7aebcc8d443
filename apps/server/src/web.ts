import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { serverRoot } from './paths';

export interface ConsoleFiles {
  /** The built console's folder, when it has been built. */
  dist: string | undefined;
  /** Answers a console route (any non-API GET) with the app's page. */
  sendPage(reply: FastifyReply): FastifyReply;
}

/** Serves the built console (apps/web/dist) and the brand assets (public/) on the same port. */
export async function serveConsole(app: FastifyInstance, webDist: string | undefined): Promise<ConsoleFiles> {
  const candidate = resolve(webDist ?? join(serverRoot(), '..', 'web', 'dist'));
  const dist = existsSync(join(candidate, 'index.html')) ? candidate : undefined;
  const pub = join(serverRoot(), 'public');
  await app.register(fastifyStatic, { root: dist ? [dist, pub] : [pub], wildcard: true, index: false });
  return {
    dist,
    sendPage(reply) {
      if (dist)
        return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').sendFile('index.html', dist);
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The console has not been built. Start the product with "npm start", which builds it.');
    },
  };
}
