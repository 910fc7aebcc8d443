import { describe, expect, it } from 'vitest';
import * as calls from './calls';
import { isCallDefinition, refOf } from './calls/define';
import * as refs from './refs';

/** What the browser's view of a namespace member must be (scripts/callRefs.ts writes it). */
function project(value: unknown): unknown {
  if (isCallDefinition(value)) return refOf(value);
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value !== 'object' || value === null || Array.isArray(value) || '_zod' in value) return undefined;
  const members = Object.entries(value)
    .map(([key, member]) => [key, project(member)] as const)
    .filter(([, member]) => member !== undefined);
  return members.length ? Object.fromEntries(members) : undefined;
}

describe('the calls as the browser has them (src/refs/)', () => {
  it('are every call of every namespace, with its path, method, auth and upload (run "npm run generate -w @smartlock/contract" after changing a call)', () => {
    for (const [name, namespace] of Object.entries(refs)) {
      expect(namespace, name).toEqual(project(calls[name as keyof typeof calls]));
    }
    const covered = new Set(
      Object.values(refs).flatMap(function paths(value: unknown): string[] {
        if (typeof value !== 'object' || value === null) return [];
        if ('path' in value && 'method' in value) return [String(value.path)];
        return Object.values(value).flatMap(paths);
      }),
    );
    expect(calls.ALL_CALLS.map((call) => call.path).filter((path) => !covered.has(path))).toEqual([]);
  });

  it('carry no schema', () => {
    expect(JSON.stringify(refs)).not.toContain('_zod');
  });
});
