/**
 * Which web pages may talk to the driver (docs/driver.md): a connection whose handshake has no
 * Origin header comes from a tool, not a page, and is let in; a page must be of an allowed origin.
 */

/** Pages served from this machine, on any port. */
export const DEFAULT_ALLOWED_ORIGINS: readonly string[] = ['http://localhost:*', 'http://127.0.0.1:*'];

/** An allowed origin: `scheme://host[:port]`, or `scheme://host:*` for any port of that host. */
export interface OriginPattern {
  protocol: string;
  hostname: string;
  /** undefined: any port. '' the scheme's default port. */
  port: string | undefined;
}

/** Reads an allowed origin as `--allow-origin` gives it; undefined when it is not one. */
export function parseOriginPattern(raw: string): OriginPattern | undefined {
  const anyPort = raw.endsWith(':*');
  let url: URL;
  try {
    url = new URL(anyPort ? raw.slice(0, -2) : raw);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  // An origin is only scheme, host and port.
  if (url.pathname !== '/' || url.search || url.hash || url.username || url.password) return undefined;
  return { protocol: url.protocol, hostname: url.hostname, port: anyPort ? undefined : url.port };
}

/** Whether a handshake's Origin header may connect (absent: a tool, allowed). */
export function originAllowed(origin: string | undefined, patterns: readonly OriginPattern[]): boolean {
  if (origin === undefined) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  return patterns.some(
    (pattern) =>
      pattern.protocol === url.protocol &&
      pattern.hostname === url.hostname &&
      (pattern.port === undefined || pattern.port === url.port),
  );
}
