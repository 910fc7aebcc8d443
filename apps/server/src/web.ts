import { existsSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { serverRoot } from './paths';

export interface ConsoleFiles {
  /** The built console's folder, when it has been built. */
  dist: string | undefined;
  /** Answers a console route (any non-API GET) with the app's page. */
  sendPage(reply: FastifyReply): FastifyReply;
}

/** Files named by their content's hash (Vite's assets/): never change, so kept for a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (the page, brand files): kept, but asked again each time (an ETag answers 304). */
export const REVALIDATE = 'no-cache';

/**
 * A request for a file (an asset path, or a last segment with an extension) rather than a
 * console route: when no such file exists it is a 404, never the console's page.
 */
export function asksForFile(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return path.startsWith('/assets/') || /\.[A-Za-z0-9]+$/.test(path.slice(path.lastIndexOf('/') + 1));
}

/**
 * Serves the built console (apps/web/dist) and the brand assets (public/) on the same port, each
 * file as the build compressed it (brotli or gzip, as the browser accepts), hashed assets cached
 * for good and the rest revalidated; `/` and every console route answer the console's page.
 */
export async function serveConsole(app: FastifyInstance, webDist: string | undefined): Promise<ConsoleFiles> {
  const candidate = resolve(webDist ?? join(serverRoot(), '..', 'web', 'dist'));
  const dist = existsSync(join(candidate, 'index.html')) ? candidate : undefined;
  const assets = dist ? join(dist, 'assets') + sep : undefined;
  const cacheHeaders = (reply: FastifyReply, path: string) => {
    const hashed = assets !== undefined && path.startsWith(assets) && !relative(assets, path).includes(sep);
    reply.header('cache-control', hashed ? IMMUTABLE : REVALIDATE);
    reply.header('vary', 'accept-encoding');
  };
  if (dist) {
    // The console, each file as the build compressed it (small files, uncompressed, as they are).
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: true,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: cacheHeaders,
    });
  }
  // The brands' files (logos, favicons) from the server's own folder.
  await app.register(fastifyStatic, {
    root: join(serverRoot(), 'public', 'brand'),
    prefix: '/brand/',
    index: false,
    cacheControl: false,
    decorateReply: dist === undefined,
    setHeaders: cacheHeaders,
  });
  const files: ConsoleFiles = {
    dist,
    sendPage(reply) {
      if (dist) return reply.type('text/html; charset=utf-8').sendFile('index.html', dist);
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The console has not been built. Start the product with "npm start", which builds it.');
    },
  };
  // The start command prints this address; the spec makes it the login screen's alias.
  app.get('/', (_request: FastifyRequest, reply: FastifyReply) => files.sendPage(reply));
  return files;
}
