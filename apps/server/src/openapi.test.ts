import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ALL_CALLS, jsonContentOf, lockFeatureBits, TemplateType } from '@smartlock/contract';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { openApiDocument } from './openapi';
import { serverRoot } from './paths';

type Schema = Record<string, unknown> & {
  properties?: Record<string, Schema>;
  items?: Schema;
  required?: string[];
  description?: string;
};

const docs = (name: string) => join(serverRoot(), '..', '..', 'docs', name);
const document = openApiDocument();

/** A call's parameters as the document describes them (query parameters or the form body's properties). */
function paramsOf(path: string, method: 'get' | 'post'): Record<string, Schema> {
  const operation = (document.paths[`/api${path}`] as Record<string, Record<string, unknown>>)[method] as {
    parameters?: { name: string; schema: Schema }[];
    requestBody?: { content: Record<string, { schema: Schema }> };
  };
  if (operation.parameters) return Object.fromEntries(operation.parameters.map((p) => [p.name, p.schema]));
  const [body] = Object.values(operation.requestBody?.content ?? {});
  return body?.schema.properties ?? {};
}

/** Whether a contract field (optional, defaulted or not) is a JSON-text field. */
function isJsonField(schema: z.ZodType): boolean {
  let current = schema as z.ZodType & { def: { innerType?: z.ZodType } };
  while (!jsonContentOf(current) && current.def.innerType) current = current.def.innerType as typeof current;
  return jsonContentOf(current) !== undefined;
}

describe('OpenAPI document', () => {
  it('is committed and matches the contract (run "npm run openapi" after changing a call)', () => {
    const committed = JSON.parse(readFileSync(docs('openapi.json'), 'utf8'));
    expect(committed).toEqual(JSON.parse(JSON.stringify(document)));
  });

  it('describes every call of the contract', () => {
    const paths = document.paths;
    for (const call of ALL_CALLS) expect(paths[`/api${call.path}`]?.[call.method.toLowerCase()]).toBeDefined();
  });

  it('gives the uploaded records their JSON item schema, not a plain string', () => {
    const records = paramsOf('/lockRecord/upload', 'post').records as Schema;
    expect(records).toMatchObject({ type: 'string', contentMediaType: 'application/json' });
    const content = records.contentSchema as Schema;
    expect(content).toMatchObject({ type: 'array', minItems: 1, maxItems: 200 });
    expect(Object.keys(content.items?.properties ?? {}).sort()).toEqual(
      ['battery', 'credential', 'lockTime', 'recordId', 'recordType', 'success', 'username'].sort(),
    );
    expect(content.items?.required?.sort()).toEqual(['lockTime', 'recordId', 'recordType', 'success']);
    expect(content.items?.properties?.recordType).toMatchObject({ type: 'integer', minimum: 1, maximum: 53 });
  });

  it('gives the batch eKey receivers their JSON schema', () => {
    const receivers = paramsOf('/ekey/sendBatch', 'post').receivers as Schema;
    expect(receivers).toMatchObject({ type: 'string', contentMediaType: 'application/json' });
    const content = receivers.contentSchema as Schema;
    expect(content).toMatchObject({ type: 'array', minItems: 1, maxItems: 200 });
    expect(Object.keys(content.items?.properties ?? {}).sort()).toEqual(['countryCode', 'receiverUsername']);
    expect(content.items?.required).toEqual(['receiverUsername']);
  });

  it('gives every JSON-text parameter of every call its content schema', () => {
    let seen = 0;
    for (const call of ALL_CALLS) {
      const shape = (call.params as unknown as { shape?: Record<string, z.ZodType> }).shape ?? {};
      const described = paramsOf(call.path, call.method.toLowerCase() as 'get' | 'post');
      for (const [name, field] of Object.entries(shape)) {
        if (!isJsonField(field)) continue;
        seen += 1;
        const schema = described[name] as Schema;
        expect(schema, `${call.path} ${name}`).toMatchObject({ type: 'string', contentMediaType: 'application/json' });
        expect(schema.contentSchema, `${call.path} ${name}`).toMatchObject({ type: expect.any(String) });
      }
    }
    // records, receivers, gateway locks, passage periods, hotel buildings, credential cycles...
    expect(seen).toBeGreaterThanOrEqual(6);
  });

  it('names every feature bit of featureValue and both template types', () => {
    const featureValue = paramsOf('/lock/initialize', 'post').featureValue as Schema;
    for (const { bit, name } of lockFeatureBits()) expect(featureValue.description).toContain(`bit ${bit} ${name}:`);
    const type = paramsOf('/template/add', 'post').type as Schema;
    for (const value of Object.values(TemplateType)) expect(type.description).toMatch(new RegExp(`\\b${value} \\w`));
  });

  it('docs/api.md lists every feature bit as the contract names it', () => {
    const api = readFileSync(docs('api.md'), 'utf8');
    for (const { bit, name } of lockFeatureBits()) expect(api).toMatch(new RegExp(`\\| ${bit} +\\| \`${name}\` +\\|`));
  });
});
