import { parseAccount } from '@smartlock/contract';
import type { Db } from '../../db/client';
import { randomToken, sha256 } from '../../security/crypto';
import { verifyPassword } from '../../security/password';
import type { RateLimiter } from '../../security/rateLimit';
import { LOGIN_LIMITS } from '../user/accountService';
import { findUserByAccount } from '../user/userQueries';
import type { OpenApiClientRow } from './openApiClientQueries';
import type { OpenApiClients } from './openApiClients';
import { OpenApiError } from './openApiErrors';
import { either, type OpenApiParams } from './openApiParams';
import { insertToken, spendRefreshToken, tokenByAccess } from './openApiTokenQueries';

/** How long tokens live: TTLock's 90 days for the access token (expires_in 7,776,000 s), twice that for the refresh token. */
export const TOKEN_LIFETIMES = { accessMs: 90 * 86_400_000, refreshMs: 180 * 86_400_000 } as const;

/** The reply of /oauth2/token, field for field as TTLock's. */
export interface TokenReply {
  access_token: string;
  refresh_token: string;
  uid: number;
  openid: number;
  scope: string;
  token_type: 'Bearer';
  expires_in: number;
}

/** The account a live access token acts as, and the client it was issued to. */
export interface TokenHolder {
  tokenId: number;
  userId: number;
}

const MD5_HEX = /^[0-9a-f]{32}$/;

/**
 * OAuth2 tokens of the open API: the password grant (the account's password as its MD5, as
 * TTLock's clients send it, checked against the account's open API password hash) and the
 * refresh grant (a refresh token is spent once: the old pair ends, a new one is issued).
 */
export class OpenApiTokens {
  constructor(
    private readonly db: Db,
    private readonly clients: OpenApiClients,
    private readonly limiter: RateLimiter,
    private readonly lifetimes: { accessMs: number; refreshMs: number } = TOKEN_LIFETIMES,
  ) {}

  async grant(params: OpenApiParams, ip: string): Promise<TokenReply> {
    const client = await this.clients.authenticate(
      either(params, 'client_id', 'clientId'),
      either(params, 'client_secret', 'clientSecret'),
    );
    const grantType = either(params, 'grant_type', 'grantType') ?? 'password';
    if (grantType === 'password') return this.passwordGrant(client, params, ip);
    if (grantType === 'refresh_token')
      return this.refreshGrant(client, either(params, 'refresh_token', 'refreshToken'));
    throw new OpenApiError('badParameter', 'grant_type: password or refresh_token');
  }

  /**
   * The account's password as its MD5. Limited as the console's login is: so many tries from one
   * address per window, and failures on one account from one address back off.
   */
  private async passwordGrant(client: OpenApiClientRow, params: OpenApiParams, ip: string): Promise<TokenReply> {
    const username = either(params, 'username');
    const password = either(params, 'password')?.toLowerCase();
    if (!username || !password) throw new OpenApiError('badParameter', 'username and password are required');
    if (!MD5_HEX.test(password)) throw new OpenApiError('passwordNotMd5');
    const parsed = parseAccount(username);
    if (!parsed.ok) throw new OpenApiError('badAccountOrPassword');
    const perIp = await this.limiter.hit(`openapi:login:ip:${ip}`, LOGIN_LIMITS.windowMs);
    if (perIp.count > LOGIN_LIMITS.perIp)
      throw new OpenApiError('tooFrequent', 'too many token requests from this address');
    const pair = `openapi:login:${parsed.account.value}|${ip}`;
    const claimed = await this.limiter.claim(pair, LOGIN_LIMITS.perAddress);
    if (!claimed.ok) throw new OpenApiError('tooFrequent', `try again in ${Math.ceil(claimed.waitMs / 1000)} s`);
    const user = await findUserByAccount(this.db, parsed.account);
    const valid = await verifyPassword(user?.openApiPasswordHash ?? undefined, password);
    if (!user || user.deletedAt || !valid) throw new OpenApiError('badAccountOrPassword');
    await this.limiter.reset(pair);
    return this.issue(client, user.id);
  }

  private async refreshGrant(client: OpenApiClientRow, refreshToken: string | undefined): Promise<TokenReply> {
    if (!refreshToken) throw new OpenApiError('badRefreshToken');
    const spent = await spendRefreshToken(this.db, sha256(refreshToken), client.id);
    if (!spent) throw new OpenApiError('badRefreshToken');
    return this.issue(client, spent.userId);
  }

  private async issue(client: OpenApiClientRow, userId: number): Promise<TokenReply> {
    const accessToken = randomToken(32);
    const refreshToken = randomToken(32);
    const now = Date.now();
    await insertToken(this.db, {
      clientPk: client.id,
      userId,
      accessHash: sha256(accessToken),
      refreshHash: sha256(refreshToken),
      accessExpiresAt: new Date(now + this.lifetimes.accessMs),
      refreshExpiresAt: new Date(now + this.lifetimes.refreshMs),
    });
    return {
      access_token: accessToken,
      refresh_token: refreshToken,
      uid: userId,
      openid: userId,
      scope: 'user,key,room',
      token_type: 'Bearer',
      expires_in: Math.floor(this.lifetimes.accessMs / 1000),
    };
  }

  /**
   * The account an access token acts as. Unknown, or issued to another client: 10003; revoked
   * or expired: 10004 (clients refresh on it).
   */
  async holder(client: OpenApiClientRow, accessToken: string | undefined): Promise<TokenHolder> {
    if (!accessToken) throw new OpenApiError('unknownToken', 'accessToken is required');
    const token = await tokenByAccess(this.db, sha256(accessToken));
    if (!token || token.clientPk !== client.id) throw new OpenApiError('unknownToken');
    if (token.revokedAt || token.accessExpiresAt.getTime() <= Date.now()) throw new OpenApiError('tokenExpired');
    return { tokenId: token.id, userId: token.userId };
  }
}
