import type { FastifyRequest } from 'fastify';
import { ApiError } from './apiError';
import type { CallContext } from './context';

/** The console's origin as the browser reached it (behind a trusted proxy: as the proxy says). */
export function originOf(ctx: CallContext): string {
  return `${ctx.request.protocol}://${ctx.request.host}`;
}

/** The host (name and port) of an origin header; undefined for "null" or anything unreadable. */
function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return undefined;
  }
}

/**
 * A state-changing call must come from the console's own page, not from another site's or
 * another port's page riding on the session cookie (CSRF; the request signature is no defence,
 * its secret is public). Browsers say where a request comes from: `Sec-Fetch-Site` (same-origin,
 * or none for what the user typed) and `Origin` (the page's scheme, host and port), which must
 * name the host the call reached (or the PUBLIC_URL's). Non-browser clients send neither and are
 * unaffected; a page can make a browser drop neither.
 */
export function assertSameOrigin(request: FastifyRequest, publicHost: string | undefined): void {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') {
    throw new ApiError('crossOriginRefused', {}, `Sec-Fetch-Site: ${site}`);
  }
  const origin = request.headers.origin;
  if (origin === undefined) return;
  const host = hostOf(origin);
  if (host === undefined || (host !== request.host.toLowerCase() && host !== publicHost)) {
    throw new ApiError('crossOriginRefused', {}, `Origin: ${origin.slice(0, 100)}`);
  }
}
