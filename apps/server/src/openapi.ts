import {
  ALL_CALLS,
  type CallDefinition,
  ERRORS,
  envelopeSchema,
  jsonContentOf,
  RequestParam,
} from '@smartlock/contract';
import { z } from 'zod';

const COMMON = [
  { name: RequestParam.appId, description: 'Application id.', required: true },
  {
    name: RequestParam.timestamp,
    description: 'Epoch milliseconds; within the signature window of the server clock.',
    required: true,
  },
  {
    name: RequestParam.sign,
    description: 'HMAC-SHA256 (hex) of the canonical string; see docs/api.md.',
    required: true,
  },
  { name: RequestParam.lang, description: 'Reply language, e.g. en_US, de_DE, zh_HK.', required: false },
  { name: RequestParam.packageName, description: "The brand's package name.", required: false },
  {
    name: RequestParam.accessToken,
    description: 'Session token for API clients; the console uses the ACCESS_TOKEN cookie.',
    required: false,
  },
];

/**
 * The JSON Schema (2020-12, as OpenAPI 3.1 uses) of a contract schema. A JSON-text parameter
 * (the contract's jsonField) is a string whose parsed content has its own schema: it is written
 * as `contentMediaType: application/json` with that schema as `contentSchema`.
 */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    override: (ctx) => {
      const content = jsonContentOf(ctx.zodSchema);
      if (!content) return;
      Object.assign(ctx.jsonSchema, {
        contentMediaType: 'application/json',
        contentSchema: jsonSchema(content, 'input'),
      });
    },
  }) as Record<string, unknown>;
  return rest;
}

/** A multipart call's body: its fields, then its one file part, with the size cap. */
function uploadBody(body: { properties: Record<string, unknown>; required: string[] }, call: CallDefinition) {
  if (!call.upload) return body;
  const { part, maxBytes } = call.upload;
  return {
    ...body,
    properties: {
      ...body.properties,
      [part]: {
        type: 'string',
        contentMediaType: 'application/octet-stream',
        description: `The file, after every field; at most ${maxBytes} bytes.`,
        maxLength: maxBytes,
      },
    },
  };
}

function operation(call: CallDefinition) {
  const params = jsonSchema(call.params, 'input') as { properties?: Record<string, unknown>; required?: string[] };
  const own = Object.entries(params.properties ?? {}).map(([name, schema]) => ({
    name,
    schema,
    required: (params.required ?? []).includes(name),
  }));
  const all = [
    ...own,
    ...COMMON.map((p) => ({
      name: p.name,
      schema: { type: 'string', description: p.description },
      required: p.required,
    })),
  ];
  const body = {
    type: 'object',
    properties: Object.fromEntries(all.map((p) => [p.name, p.schema])),
    required: all.filter((p) => p.required).map((p) => p.name),
  };
  return {
    summary: call.summary,
    security: call.auth === 'session' ? [{ cookie: [] }, { accessToken: [] }] : [],
    ...(call.method === 'GET'
      ? { parameters: all.map((p) => ({ name: p.name, in: 'query', required: p.required, schema: p.schema })) }
      : {
          requestBody: {
            required: true,
            content: {
              [call.upload ? 'multipart/form-data' : 'application/x-www-form-urlencoded']: {
                schema: uploadBody(body, call),
              },
            },
          },
        }),
    responses: {
      200: {
        description: 'Success (errorCode 0).',
        content: { 'application/json': { schema: jsonSchema(envelopeSchema(call.data), 'output') } },
      },
      default: {
        description: 'An error of the catalogue (errorCode other than 0).',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
      },
    },
  };
}

/** The OpenAPI document of every call in the contract; docs/openapi.json is this, committed. */
export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const call of ALL_CALLS) {
    paths[`/api${call.path}`] = { ...paths[`/api${call.path}`], [call.method.toLowerCase()]: operation(call) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'SmartLock Cloud API',
      version: '1',
      description:
        'Signed calls of the smart-lock console. Every reply is {errorCode, errorMsg, description, data}. See docs/api.md for the signature. Parameters are text (query or form fields); a parameter that carries JSON text says so with contentMediaType application/json, and its contentSchema is what the text must parse to.',
    },
    paths,
    components: {
      securitySchemes: {
        cookie: { type: 'apiKey', in: 'cookie', name: 'ACCESS_TOKEN' },
        accessToken: { type: 'apiKey', in: 'query', name: 'accessToken' },
      },
      schemas: {
        ErrorEnvelope: jsonSchema(envelopeSchema(z.null()), 'output'),
        ErrorCode: {
          type: 'integer',
          enum: Object.values(ERRORS).map((e) => e.code),
          description: Object.entries(ERRORS)
            .map(([name, e]) => `${e.code} ${name} (HTTP ${e.http})`)
            .join('; '),
        },
      },
    },
  };
}
