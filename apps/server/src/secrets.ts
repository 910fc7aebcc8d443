import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Config } from './config';

/**
 * The root secret: SECRET_KEY, else a key kept in DATA_DIR/secret.key (made on first start).
 * Several instances must share one SECRET_KEY. In-memory data gets a fresh key.
 */
export function rootSecret(config: Config): string {
  if (config.SECRET_KEY) return config.SECRET_KEY;
  if (config.DATA_DIR === ':memory:') return randomBytes(32).toString('hex');
  const dir = resolve(config.DATA_DIR);
  const file = join(dir, 'secret.key');
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
  }
  return readFileSync(file, 'utf8').trim();
}
