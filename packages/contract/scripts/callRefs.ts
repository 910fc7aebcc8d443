// Writes src/callRefs.ts: each call namespace of src/calls as the browser needs it — every call's
// path, method, auth and upload, and the namespace's plain constants — with no schemas, so a
// console page that makes calls does not load the schema library. Run after changing a call:
// `npm run generate -w @smartlock/contract` (src/callRefs.test.ts fails when the file is stale).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as calls from '../src/calls';
import { isCallDefinition, refOf } from '../src/calls/define';

const NAMESPACES = [
  'admin',
  'company',
  'ekey',
  'gateway',
  'group',
  'lock',
  'lockCredential',
  'lockRecord',
  'lockUser',
  'map',
  'order',
  'passcode',
  'service',
  'template',
  'user',
  'vip',
] as const;

/** The browser's view of a namespace member, as TypeScript source; undefined to leave it out. */
function render(value: unknown, typePath: string, indent: string): string | undefined {
  if (isCallDefinition(value)) return `${JSON.stringify(refOf(value))} as CallRef<typeof ${typePath}>`;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return JSON.stringify(value);
  if (typeof value !== 'object' || value === null || Array.isArray(value) || '_zod' in value) return undefined;
  const members = Object.entries(value)
    .map(([key, member]) => [key, render(member, `${typePath}.${key}`, `${indent}  `)] as const)
    .filter((entry): entry is readonly [string, string] => entry[1] !== undefined);
  if (members.length === 0) return undefined;
  return `{\n${members.map(([key, text]) => `${indent}  ${key}: ${text},`).join('\n')}\n${indent}}`;
}

let out = `// Generated from src/calls by \`npm run generate -w @smartlock/contract\`: do not edit.
// The calls as the browser needs them (no schemas); src/callRefs.test.ts holds it to src/calls.
import type * as calls from './calls';
import type { CallRef } from './calls/define';
`;
for (const name of NAMESPACES) {
  out += `\nexport const ${name} = ${render(calls[name], `calls.${name}`, '')} as const;\n`;
}
writeFileSync(join(import.meta.dirname, '..', 'src', 'callRefs.ts'), out);
console.log('wrote packages/contract/src/callRefs.ts');
