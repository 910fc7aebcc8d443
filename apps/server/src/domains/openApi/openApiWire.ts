import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ActingCaller } from './contractCalls';
import type { V3Call, V3Kit } from './openApiCall';
import { CREDENTIAL_CALLS } from './openApiCredentialCalls';
import { failureOf, OPEN_API_ERRORS, OpenApiError, type OpenApiFailure } from './openApiErrors';
import type { OpenApiCaller, OpenApiGate } from './openApiGate';
import { LOCK_CALLS } from './openApiLockCalls';
import { BODY_MAX_BYTES, type CallerCredentials, callerCredentials, mergedParams } from './openApiParams';
import type { OpenApiTokens } from './openApiTokens';

/** Every v3 call this server answers (docs/ttlock-compat.md). */
export const V3_CALLS: readonly V3Call[] = [...LOCK_CALLS, ...CREDENTIAL_CALLS];

export interface OpenApiWireDeps {
  gate: OpenApiGate;
  tokens: OpenApiTokens;
  kit: V3Kit;
}

/** Callers admitted before their body was read (their credentials were in the query or a header). */
const admitted = new WeakMap<FastifyRequest, OpenApiCaller>();

/** TTLock answers every failure with HTTP 200 and errcode; the unexpected is logged and answered 90000. */
function sendFailure(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  const failure: OpenApiFailure = failureOf(error) ?? { ...OPEN_API_ERRORS.serverError, description: '' };
  if (failure.errcode === OPEN_API_ERRORS.serverError.errcode)
    request.log.error({ err: error }, 'open API call failed');
  else request.log.info({ errcode: failure.errcode, detail: failure.description }, 'open API call refused');
  return reply.code(200).send(failure);
}

/** Body problems Fastify finds before a handler runs, in TTLock's form. */
function bodyFailure(error: FastifyError): OpenApiError {
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') return new OpenApiError('badJson', 'body');
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
    return new OpenApiError('badParameter', `body over ${BODY_MAX_BYTES} bytes`);
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return new OpenApiError('badParameter', 'body: form-encoded or JSON');
  }
  return new OpenApiError('badParameter', 'body');
}

const complete = (credentials: CallerCredentials) =>
  credentials.clientId !== undefined && credentials.accessToken !== undefined && credentials.date !== undefined;

/**
 * The TTLock-compatible surface at the server's root: POST (or GET) /oauth2/token and every
 * /v3 call over GET or POST, query and body merged. A call's client, date and token are checked
 * first: before the body is read when they came in the query string or a Bearer header, else
 * from the body before any of its business fields.
 */
export function registerOpenApi(app: FastifyInstance, deps: OpenApiWireDeps): void {
  const common = {
    method: ['GET', 'POST'] as ['GET', 'POST'],
    bodyLimit: BODY_MAX_BYTES,
    errorHandler: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) =>
      sendFailure(request, reply, error instanceof OpenApiError ? error : bodyFailure(error)),
  };

  app.route({
    ...common,
    url: '/oauth2/token',
    handler: async (request, reply) => {
      try {
        return reply.code(200).send(await deps.tokens.grant(mergedParams(request), request.ip));
      } catch (error) {
        return sendFailure(request, reply, error);
      }
    },
  });

  for (const call of V3_CALLS) {
    app.route({
      ...common,
      url: `/v3${call.path}`,
      onRequest: async (request, reply) => {
        const credentials = callerCredentials(request, (request.query ?? {}) as Record<string, string>);
        if (!complete(credentials)) return;
        try {
          admitted.set(request, await deps.gate.admit(credentials, reply));
        } catch (error) {
          return sendFailure(request, reply, error);
        }
      },
      handler: async (request, reply) => {
        try {
          const params = mergedParams(request);
          const caller = admitted.get(request) ?? (await deps.gate.admit(callerCredentials(request, params), reply));
          const acting: ActingCaller = { ...caller, request, reply };
          return reply.code(200).send(await call.handle(params, acting, deps.kit));
        } catch (error) {
          return sendFailure(request, reply, error);
        }
      },
    });
  }

  // A v3 call this server does not offer: TTLock's form, never the console's.
  app.route({
    ...common,
    url: '/v3/*',
    handler: async (request, reply) =>
      sendFailure(request, reply, new OpenApiError('badParameter', 'this call is not offered by this server')),
  });
}
