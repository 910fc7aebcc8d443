// Writes docs/openapi.json from the contract (npm run openapi).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openApiDocument } from '../src/openapi';
import { serverRoot } from '../src/paths';

const file = join(serverRoot(), '..', '..', 'docs', 'openapi.json');
writeFileSync(file, `${JSON.stringify(openApiDocument(), null, 2)}\n`);
console.log(`wrote ${file}`);
