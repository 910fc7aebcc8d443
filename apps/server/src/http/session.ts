import { ACCESS_TOKEN_COOKIE } from '@smartlock/contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db, Executor } from '../db/client';
import { preparedStatement } from '../db/prepared';
import { sessions } from '../db/schema';
import { randomToken, type Sealer, sha256 } from '../security/crypto';
import { ApiError } from './apiError';

export interface Session {
  id: number;
  userId: number;
  appId: string;
}

export interface SessionOptions {
  db: Db;
  sealer: Sealer;
  ttlMs: number;
  cookieSecure: 'auto' | 'true' | 'false';
}

/** The live session of a token's hash (not revoked, not expired). */
const liveSession = preparedStatement((db) =>
  db
    .select({ id: sessions.id, userId: sessions.userId, appId: sessions.appId, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .prepare('session_live'),
);

/** Notes a session as seen now (at most once a minute per session). */
const seeSession = preparedStatement((db) =>
  db
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(eq(sessions.id, sql.placeholder('id')))
    .prepare('session_seen'),
);

/** Access tokens: random, stored as SHA-256 only, expiring; carried in an encrypted HttpOnly cookie. */
export class SessionStore {
  constructor(private readonly options: SessionOptions) {}

  /** Opens a session; returns the raw token (never stored) and its lifetime. */
  async create(
    executor: Executor,
    input: { userId: number; appId: string; ip: string; userAgent: string },
  ): Promise<{ token: string; expiresIn: number }> {
    const token = randomToken(32);
    await executor.insert(sessions).values({
      userId: input.userId,
      appId: input.appId,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + this.options.ttlMs),
      ip: input.ip,
      userAgent: input.userAgent.slice(0, 300),
    });
    return { token, expiresIn: Math.floor(this.options.ttlMs / 1000) };
  }

  /** The token a request carries: the accessToken parameter, else the cookie. */
  tokenOf(request: FastifyRequest, accessToken: string | undefined): string | undefined {
    if (accessToken) return accessToken;
    const sealed = request.cookies[ACCESS_TOKEN_COOKIE];
    return sealed ? (this.options.sealer.open(sealed) ?? '') : undefined;
  }

  /**
   * The live session of a token. No token: not logged in (-2000); a token that is unknown,
   * revoked or expired: login expired (-4).
   */
  async resolve(token: string | undefined): Promise<Session> {
    if (token === undefined) throw new ApiError('notLoggedIn');
    // Read on every call, never cached: a revoked session ends on the caller's next call, on any instance.
    const rows = token ? await liveSession(this.options.db).execute({ tokenHash: sha256(token) }) : [];
    const row = rows[0];
    if (!row) throw new ApiError('loginExpired');
    if (Date.now() - row.lastSeenAt.getTime() > 60_000) await seeSession(this.options.db).execute({ id: row.id });
    return { id: row.id, userId: row.userId, appId: row.appId };
  }

  async revoke(executor: Executor, sessionId: number): Promise<void> {
    await executor.update(sessions).set({ revokedAt: sql`now()` }).where(eq(sessions.id, sessionId));
  }

  async revokeAllOf(executor: Executor, userId: number): Promise<void> {
    await executor
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  }

  setCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
    reply.setCookie(ACCESS_TOKEN_COOKIE, this.options.sealer.seal(token), {
      ...this.cookieOptions(request),
      maxAge: Math.floor(this.options.ttlMs / 1000),
    });
  }

  clearCookie(request: FastifyRequest, reply: FastifyReply): void {
    reply.clearCookie(ACCESS_TOKEN_COOKIE, this.cookieOptions(request));
  }

  private cookieOptions(request: FastifyRequest) {
    const secure =
      this.options.cookieSecure === 'auto' ? request.protocol === 'https' : this.options.cookieSecure === 'true';
    return { httpOnly: true, sameSite: 'lax' as const, path: '/', secure };
  }
}
