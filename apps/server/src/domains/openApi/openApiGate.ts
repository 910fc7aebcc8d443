import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client';
import { overRateLimit } from '../../security/rateHeaders';
import type { RateLimiter } from '../../security/rateLimit';
import type { OpenApiClients } from './openApiClients';
import { OpenApiError } from './openApiErrors';
import type { CallerCredentials } from './openApiParams';
import type { OpenApiTokens } from './openApiTokens';
import { countCall, monthOf } from './openApiUsageQueries';

/** Who makes a v3 call: the account its token acts as, through which client. */
export interface OpenApiCaller {
  userId: number;
  clientId: string;
}

export interface GateOptions {
  /** How far `date` may be from the server's clock (TTLock: 5 minutes). */
  dateWindowMs: number;
  /** Calls per client per minute. */
  callsPerMinute: number;
}

/**
 * What every v3 call passes before its own parameters are read: a known client, a `date` within
 * the window, a live token of that client, the client's rate (answered with the standard
 * RateLimit-* headers, Retry-After when spent); then the call is counted on the account's monthly meter.
 */
export class OpenApiGate {
  constructor(
    private readonly db: Db,
    private readonly clients: OpenApiClients,
    private readonly tokens: OpenApiTokens,
    private readonly limiter: RateLimiter,
    private readonly options: GateOptions,
  ) {}

  async admit(credentials: CallerCredentials, reply: FastifyReply): Promise<OpenApiCaller> {
    const client = await this.clients.known(credentials.clientId);
    const date = Number(credentials.date);
    if (!credentials.date || !Number.isFinite(date) || Math.abs(Date.now() - date) > this.options.dateWindowMs) {
      throw new OpenApiError('staleDate', 'date: epoch milliseconds within 5 minutes of the server clock');
    }
    const holder = await this.tokens.holder(client, credentials.accessToken);
    const limit = this.options.callsPerMinute;
    if (await overRateLimit(this.limiter, `openapi:rate:${client.clientId}`, limit, reply)) {
      throw new OpenApiError('tooFrequent', `at most ${limit} calls a minute per client`);
    }
    await countCall(this.db, holder.userId, monthOf(new Date()), 'openApi');
    return { userId: holder.userId, clientId: client.clientId };
  }
}
