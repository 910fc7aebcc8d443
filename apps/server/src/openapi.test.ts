import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ALL_CALLS } from '@smartlock/contract';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from './openapi';
import { serverRoot } from './paths';

describe('OpenAPI document', () => {
  it('is committed and matches the contract (run "npm run openapi" after changing a call)', () => {
    const committed = JSON.parse(readFileSync(join(serverRoot(), '..', '..', 'docs', 'openapi.json'), 'utf8'));
    expect(committed).toEqual(JSON.parse(JSON.stringify(openApiDocument())));
  });

  it('describes every call of the contract', () => {
    const paths = openApiDocument().paths;
    for (const call of ALL_CALLS) expect(paths[`/api${call.path}`]?.[call.method.toLowerCase()]).toBeDefined();
  });
});
