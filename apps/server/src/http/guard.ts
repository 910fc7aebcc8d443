import { canonicalString, RequestParam } from '@smartlock/contract';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { preparedStatement } from '../db/prepared';
import { requestNonces } from '../db/schema';
import { hmacHex, safeEqual } from '../security/crypto';
import { ApiError } from './apiError';
import type { AppClient } from './clients';

export interface GuardOptions {
  clients: Map<string, AppClient>;
  windowMs: number;
  db: Db;
  now?: () => number;
}

/** Records a signature unless it is there already: then no row comes back. */
const insertNonce = preparedStatement((db) =>
  db
    .insert(requestNonces)
    .values({ appId: sql.placeholder('appId'), sign: sql.placeholder('sign'), expiresAt: sql.placeholder('expiresAt') })
    .onConflictDoNothing()
    .returning({ sign: requestNonces.sign })
    .prepare('request_nonce_insert'),
);

/**
 * Checks a call before any handler runs: a known app id, a timestamp inside the window, a
 * signature over the sorted, trimmed parameters and path, and (for state-changing calls) a
 * signature never seen before inside the window.
 */
export class SignatureGuard {
  private inserts = 0;

  constructor(private readonly options: GuardOptions) {}

  async verify(path: string, params: Record<string, string>, stateChanging: boolean): Promise<AppClient> {
    const now = this.options.now?.() ?? Date.now();
    const app = this.options.clients.get(params[RequestParam.appId]?.trim() ?? '');
    if (!app) throw new ApiError('unknownApp', {}, 'appId missing or unknown');
    const raw = params[RequestParam.timestamp]?.trim() ?? '';
    const timestamp = /^[0-9]{10,16}$/.test(raw) ? Number(raw) : Number.NaN;
    if (!Number.isFinite(timestamp) || Math.abs(now - timestamp) > this.options.windowMs) {
      throw new ApiError('staleTimestamp', {}, 'timestamp missing or outside the window');
    }
    const sign = params[RequestParam.sign]?.trim().toLowerCase() ?? '';
    if (!/^[0-9a-f]{64}$/.test(sign) || !safeEqual(sign, hmacHex(app.secret, canonicalString(path, params)))) {
      throw new ApiError('badSignature', {}, 'sign missing or wrong');
    }
    if (stateChanging) await this.remember(app.appId, sign, timestamp);
    return app;
  }

  /** Records a signature; a second call with it inside the window is a replay. */
  private async remember(appId: string, sign: string, timestamp: number): Promise<void> {
    const expiresAt = new Date(timestamp + this.options.windowMs);
    const rows = await insertNonce(this.options.db).execute({ appId, sign, expiresAt });
    if (rows.length === 0) throw new ApiError('replayedRequest', {}, 'signature already used');
    if (++this.inserts % 500 === 0) await this.prune();
  }

  async prune(): Promise<void> {
    await this.options.db.delete(requestNonces).where(lt(requestNonces.expiresAt, new Date()));
  }
}
