import {
  type CallDefinition,
  type DataOf,
  DEFAULT_LOCALE,
  ERRORS,
  type ErrorName,
  envelopeSchema,
  type Locale,
  localeWithin,
  type ParsedParamsOf,
  RequestParam,
  resolveLocale,
} from '@smartlock/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isDatabaseUnavailable } from '../db/unavailable';
import type { Brand, BrandRegistry } from '../domains/company/brands';
import { ApiError } from './apiError';
import type { AppClient } from './clients';
import type { CallContext } from './context';
import type { SignatureGuard } from './guard';
import { assertSameOrigin } from './origin';
import { readParams } from './params';
import { errorEnvelope, successEnvelope } from './reply';
import type { Session, SessionStore } from './session';

export type Handler<C extends CallDefinition> = (params: ParsedParamsOf<C>, ctx: CallContext) => Promise<DataOf<C>>;

export interface Route<C extends CallDefinition = CallDefinition> {
  call: C;
  handler: Handler<C>;
}

/** Pairs a contract call with its handler, keeping both types linked. */
export function route<C extends CallDefinition>(call: C, handler: Handler<C>): Route {
  return { call, handler } as unknown as Route;
}

interface Caller {
  brand: Brand;
  client: AppClient;
  token: string | undefined;
  session: Session | undefined;
}

/** A call made with an API key (domains/apiKey): who it acts as, and how its handler runs (limited to the key's locks). */
export interface KeyCaller {
  client: AppClient;
  session: Session;
  run<T>(work: () => Promise<T>): Promise<T>;
}

/** Admits calls made with an API key (`Authorization: Bearer slk_...`); undefined for a request that carries none. */
export interface KeyCallers {
  admit(call: CallDefinition, request: FastifyRequest, reply: FastifyReply): Promise<KeyCaller | undefined>;
}

export interface RouterDeps {
  guard: SignatureGuard;
  sessions: SessionStore;
  brands: BrandRegistry;
  /** API keys: a call with one needs no session and no signature (the key is the secret). */
  keys?: KeyCallers | undefined;
  /** The address the server is reached at, if configured: a browser page there is the console's too. */
  publicUrl?: string | undefined;
}

const COMMON_PARAMS = new Set<string>(Object.values(RequestParam));

/** JSON Schema of a reply, for Fastify's serializer: it writes only the fields the contract names. */
function replySchema(data: z.ZodType) {
  const { $schema: _ignored, ...schema } = z.toJSONSchema(envelopeSchema(data), {
    target: 'draft-7',
    io: 'output',
    unrepresentable: 'any',
  }) as Record<string, unknown>;
  return schema;
}

const ERROR_REPLY = replySchema(z.null());

/** The caller's brand: by package name, else by the host it reached. */
export function brandOf(brands: BrandRegistry, request: FastifyRequest, packageName: string | undefined): Brand {
  return brands.byPackageName(packageName?.trim()) ?? brands.byHost(request.hostname);
}

/** The reply language: the lang parameter, else the browser's, limited to the brand's languages. */
export function localeOf(request: FastifyRequest, lang: string | undefined, brand: Brand): Locale {
  const header = request.headers['accept-language']?.split(',')[0]?.split(';')[0];
  return localeWithin(resolveLocale(lang) ?? resolveLocale(header) ?? DEFAULT_LOCALE, brand.locales);
}

/** The zod issue as a developer-facing detail: field and rule, never the value. */
function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.join('.') || 'params'}: ${issue.message}` : 'invalid parameters';
}

/** Parameters that fail the contract: the catalogue error a rule names (invalidCharacters...), else bad parameter. */
export function refusalOf(error: z.ZodError): ApiError {
  const issue = error.issues[0];
  const named = issue?.code === 'custom' ? (issue.params as { error?: string } | undefined)?.error : undefined;
  return new ApiError(named && named in ERRORS ? (named as ErrorName) : 'badParameter', {}, describeIssue(error));
}

/**
 * Registers every call under /api. Order per request: for a POST, where it comes from (before
 * its body is read); read parameters, pick brand and language, verify app id, timestamp,
 * signature and replay, resolve the session — or, for a call made with an API key, admit the key
 * instead (its rate, meter and scopes) — parse the call's own parameters, and only then run the
 * handler (for a key, limited to its locks).
 */
export function registerRoutes(app: FastifyInstance, deps: RouterDeps, routes: Route[]): void {
  const publicHost = deps.publicUrl ? new URL(deps.publicUrl).host.toLowerCase() : undefined;
  for (const { call, handler } of routes) {
    app.route({
      method: call.method,
      url: `/api${call.path}`,
      schema: { response: { 200: replySchema(call.data), '4xx': ERROR_REPLY, '5xx': ERROR_REPLY } },
      // Where a state-changing call comes from, before any of its body is read.
      ...(call.method === 'POST'
        ? {
            onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
              try {
                assertSameOrigin(request, publicHost);
              } catch (error) {
                const brand = brandOf(deps.brands, request, undefined);
                return sendError(request, reply, error, localeOf(request, undefined, brand));
              }
            },
          }
        : {}),
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        let locale: Locale = DEFAULT_LOCALE;
        /** Who calls, from the common parameters: app (signature, replay), brand, language, session. */
        let caller: Promise<Caller> | undefined;
        let keyCaller: KeyCaller | undefined;
        const checkCaller = (params: Record<string, string>) => {
          caller ??= (async () => {
            const brand = brandOf(deps.brands, request, params[RequestParam.packageName]);
            locale = localeOf(request, params[RequestParam.lang], brand);
            keyCaller = await deps.keys?.admit(call, request, reply);
            if (keyCaller) return { brand, client: keyCaller.client, token: undefined, session: keyCaller.session };
            const client = await deps.guard.verify(call.path, params, call.method === 'POST');
            const token = deps.sessions.tokenOf(request, params[RequestParam.accessToken]?.trim() || undefined);
            let session = call.auth === 'session' ? await deps.sessions.resolve(token) : undefined;
            if (!session && token) session = await deps.sessions.resolve(token).catch(() => undefined);
            return { brand, client, token, session };
          })();
          return caller;
        };
        try {
          // An upload's caller is checked on its fields, before its file is read.
          const raw = await readParams(request, call.upload, checkCaller);
          const { brand, client, token, session } = await checkCaller(raw.params);
          const own: Record<string, string> = {};
          for (const [key, value] of Object.entries(raw.params)) if (!COMMON_PARAMS.has(key)) own[key] = value;
          const parsed = call.params.safeParse(own);
          if (!parsed.success) throw refusalOf(parsed.error);
          const ctx: CallContext = {
            locale,
            app: client,
            brand,
            ip: request.ip,
            userAgent: request.headers['user-agent'] ?? '',
            session,
            token,
            files: raw.files,
            request,
            reply,
          };
          const run = () => handler(parsed.data as never, ctx);
          const data = await (keyCaller ? keyCaller.run(run) : run());
          return reply.code(200).send(successEnvelope(locale, data));
        } catch (error) {
          // An upload refused before its end: the rest of its body is not worth reading.
          if (call.upload && !request.raw.complete) reply.header('connection', 'close');
          return sendError(request, reply, error, locale);
        }
      },
    });
  }
}

/**
 * Maps any failure to the catalogue; a database out of reach becomes 503 (try again), other
 * unexpected ones are logged and become a server error.
 */
export function sendError(request: FastifyRequest, reply: FastifyReply, error: unknown, locale: Locale) {
  if (error instanceof ApiError) {
    request.log.info({ errorName: error.errorName, detail: error.detail }, 'call refused');
    return reply.code(error.httpStatus).send(errorEnvelope(locale, error.errorName, error.params, error.publicDetail));
  }
  const code = (error as { code?: string }).code ?? '';
  if (
    code === 'FST_REQ_FILE_TOO_LARGE' ||
    code === 'FST_FILES_LIMIT' ||
    code === 'FST_FIELDS_LIMIT' ||
    code === 'FST_PARTS_LIMIT'
  ) {
    return reply.code(413).send(errorEnvelope(locale, 'payloadTooLarge'));
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return reply.code(415).send(errorEnvelope(locale, 'unsupportedContentType'));
  }
  if (isDatabaseUnavailable(error)) {
    // Nothing was written (the transaction did not commit); the caller may simply try again.
    request.log.warn({ err: error }, 'call failed: the database is out of reach');
    return reply.code(503).header('retry-after', '1').send(errorEnvelope(locale, 'serviceUnavailable'));
  }
  request.log.error({ err: error }, 'call failed');
  return reply.code(500).send(errorEnvelope(locale, 'serverError'));
}
