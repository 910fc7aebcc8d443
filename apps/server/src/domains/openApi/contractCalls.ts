import { type CallDefinition, type DataOf, DEFAULT_LOCALE } from '@smartlock/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CallContext } from '../../http/context';
import { brandOf, type Route, refusalOf } from '../../http/router';
import type { BrandRegistry } from '../company/brands';
import type { OpenApiCaller } from './openApiGate';

/** A v3 call's caller as the console's calls see one: the token's account, on this request. */
export interface ActingCaller extends OpenApiCaller {
  request: FastifyRequest;
  reply: FastifyReply;
}

/** A console call's parameters as text; absent ones left out. */
export type CallParams = Record<string, string | number | undefined>;

/**
 * Makes the console's own calls on behalf of an open API caller: the same parameter schema, the
 * same handler, so the same services, rules and permission checks. The open API only translates
 * names and shapes around it.
 */
export class ContractCalls {
  private readonly handlers = new Map<CallDefinition, Route['handler']>();

  constructor(
    routes: readonly Route[],
    private readonly brands: BrandRegistry,
  ) {
    for (const { call, handler } of routes) this.handlers.set(call, handler);
  }

  async call<C extends CallDefinition>(call: C, params: CallParams, caller: ActingCaller): Promise<DataOf<C>> {
    const handler = this.handlers.get(call);
    if (!handler) throw new Error(`no handler for ${call.path}`);
    const given: Record<string, string> = {};
    for (const [key, value] of Object.entries(params)) if (value !== undefined) given[key] = String(value);
    const parsed = call.params.safeParse(given);
    if (!parsed.success) throw refusalOf(parsed.error);
    const ctx: CallContext = {
      locale: DEFAULT_LOCALE,
      app: { appId: `openapi:${caller.clientId}`, secret: '', kind: 'server' },
      brand: brandOf(this.brands, caller.request, undefined),
      ip: caller.request.ip,
      userAgent: caller.request.headers['user-agent'] ?? '',
      // Not a console session: no call made here ends or reads one by its id.
      session: { id: 0, userId: caller.userId, appId: `openapi:${caller.clientId}` },
      token: undefined,
      files: [],
      request: caller.request,
      reply: caller.reply,
    };
    return (await handler(parsed.data as never, ctx)) as DataOf<C>;
  }
}
