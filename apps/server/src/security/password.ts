import { createHash } from 'node:crypto';
import { type Algorithm, hash, verify } from '@node-rs/argon2';

/** Argon2id in the library's (const enum) numbering. */
const ARGON2ID = 2 as Algorithm;

/** Argon2id with the OWASP baseline (19 MiB, 2 passes, 1 lane). */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** A hash of nothing anyone knows, so an unknown account costs as much time as a known one. */
let decoy: Promise<string> | undefined;

/** Verifies a password against a stored hash, or spends the same time when there is none. */
export async function verifyPassword(stored: string | undefined, password: string): Promise<boolean> {
  if (!stored) {
    decoy ??= hashPassword(`decoy-${Math.random()}`);
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}

/** The MD5 of a password as 32 lowercase hex digits: the form TTLock's open API clients send it in. */
export function md5Hex(password: string): string {
  return createHash('md5').update(password, 'utf8').digest('hex');
}

/** What an account keeps of a password: its hash, and the hash of its MD5 for the open API's token call. */
export interface PasswordHashes {
  passwordHash: string;
  openApiPasswordHash: string;
}

/** Both hashes of a password (argon2id each), for wherever a password is set. */
export async function hashPasswords(password: string): Promise<PasswordHashes> {
  const [passwordHash, openApiPasswordHash] = await Promise.all([
    hashPassword(password),
    hashPassword(md5Hex(password)),
  ]);
  return { passwordHash, openApiPasswordHash };
}
