import type { FastifyReply } from 'fastify';
import type { RateLimiter } from './rateLimit';

const MINUTE_MS = 60_000;

/**
 * Counts one call against `limit` calls a minute under `key`, and tells the caller where it
 * stands with the standard headers (`RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset`
 * in seconds; `Retry-After` once spent). True when the call is over the limit: the caller refuses it.
 */
export async function overRateLimit(
  limiter: RateLimiter,
  key: string,
  limit: number,
  reply: FastifyReply,
): Promise<boolean> {
  const { count, resetAt } = await limiter.hit(key, MINUTE_MS);
  const resetSeconds = Math.max(0, Math.ceil((resetAt - Date.now()) / 1000));
  reply.header('ratelimit-limit', limit);
  reply.header('ratelimit-remaining', Math.max(0, limit - count));
  reply.header('ratelimit-reset', resetSeconds);
  if (count <= limit) return false;
  reply.header('retry-after', Math.max(1, resetSeconds));
  return true;
}
