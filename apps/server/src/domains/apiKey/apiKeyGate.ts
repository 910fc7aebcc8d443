import { API_KEY_PREFIX, type ApiKeyScope, type CallDefinition } from '@smartlock/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { ApiError } from '../../http/apiError';
import type { KeyCaller, KeyCallers } from '../../http/router';
import { sha256 } from '../../security/crypto';
import { overRateLimit } from '../../security/rateHeaders';
import type { RateLimiter } from '../../security/rateLimit';
import { withLockSubset } from '../lock/lockSubset';
import { countCall, keySource, monthOf } from '../openApi/openApiUsageQueries';
import { liveKeyWithHash, noteKeyUsed } from './apiKeyQueries';
import { keyRequirementOf } from './apiKeyScopes';

/** `Authorization: Bearer slk_...`: the key, or undefined when the header names none. */
const BEARER_KEY = new RegExp(`^Bearer\\s+(${API_KEY_PREFIX}\\S*)\\s*$`, 'i');
/** A key as made: slk_ and 32 random bytes in base64url. */
const KEY_FORMAT = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{43}$`);
/** Last use is noted at most this often per key. */
const NOTE_USE_EVERY_MS = 60_000;

/**
 * Admits a call made with an API key (docs/integrations.md) instead of a session and the app's
 * signature: a live key, the key's rate (standard RateLimit-* headers, Retry-After when spent),
 * the call counted on the key's monthly meter, a call the key's scopes allow (apiKeyScopes.ts),
 * its last use noted. The call then runs as the key's account, limited to the key's locks
 * (lockSubset.ts); the account's own permission checks still run, so a key never does more
 * than its account may.
 */
export class ApiKeyGate implements KeyCallers {
  constructor(
    private readonly db: Db,
    private readonly limiter: RateLimiter,
    private readonly callsPerMinute: number,
  ) {}

  async admit(call: CallDefinition, request: FastifyRequest, reply: FastifyReply): Promise<KeyCaller | undefined> {
    const header = request.headers.authorization;
    const presented = header ? BEARER_KEY.exec(header)?.[1] : undefined;
    if (presented === undefined) return undefined;
    const key = KEY_FORMAT.test(presented) ? await liveKeyWithHash(this.db, sha256(presented)) : undefined;
    if (!key) throw new ApiError('apiKeyInvalid', {}, 'unknown or revoked API key');
    if (await overRateLimit(this.limiter, `apikey:rate:${key.id}`, this.callsPerMinute, reply)) {
      throw new ApiError('tooManyRequests', {}, `at most ${this.callsPerMinute} calls a minute per key`);
    }
    await countCall(this.db, key.userId, monthOf(new Date()), keySource(key.id));
    if (!key.lastUsedAt || Date.now() - key.lastUsedAt.getTime() > NOTE_USE_EVERY_MS) {
      await noteKeyUsed(this.db, key.id);
    }
    const needs = keyRequirementOf(call);
    if (needs === undefined || needs === 'never' || !(key.scopes as ApiKeyScope[]).includes(needs)) {
      throw new ApiError('apiKeyScope', {}, `${call.path} needs ${needs ?? 'a session'}`);
    }
    const appId = `apikey:${key.id}`;
    return {
      client: { appId, secret: '', kind: 'server' },
      // Not a console session: no call a key may make ends or reads one by its id.
      session: { id: 0, userId: key.userId, appId },
      run: (work) => withLockSubset(key.lockIds, work),
    };
  }
}
