// `npm start`: install and build what is missing, then run the product on PORT (default 8080).
import { join } from 'node:path';
import { ensureBuilt, ensureInstalled, handOver, root } from './lib.mjs';

ensureInstalled();
ensureBuilt();
handOver(process.execPath, ['--enable-source-maps', join(root, 'apps/server/dist/main.js')]);
