import type { CallContext } from './context';

/** The console's origin as the browser reached it (behind a trusted proxy: as the proxy says). */
export function originOf(ctx: CallContext): string {
  return `${ctx.request.protocol}://${ctx.request.host}`;
}
