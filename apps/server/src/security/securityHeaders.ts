import type { FastifyInstance } from 'fastify';

/**
 * The console's Content Security Policy: its own scripts only (no inline script, no eval), its
 * own styles plus the inline ones the component library injects, images from itself, data and
 * blob URLs (QR codes, photo previews) and brand logos over https, calls to itself and to the
 * local device driver's WebSocket, no plugins, no framing, forms posting only to itself.
 */
export const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self' ws://127.0.0.1:* ws://localhost:*",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const EVERY_REPLY: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  // Unlock links and checkout pages carry tokens in their address: never pass it on.
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};

/**
 * Security headers on every reply; the console's CSP on every HTML page that does not bring its
 * own (the sandbox checkout has a stricter one); HSTS when the request came over HTTPS. API
 * replies are never stored by a browser or a proxy (they carry an account's data), unless a
 * route says otherwise (a face photo's own short private caching).
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    for (const [name, value] of Object.entries(EVERY_REPLY)) if (!reply.hasHeader(name)) reply.header(name, value);
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html') && !reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', CONSOLE_CSP);
    }
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000');
    return payload;
  });
}
