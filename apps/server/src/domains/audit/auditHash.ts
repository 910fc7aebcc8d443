import canonicalize from 'canonicalize';
import { sha256 } from '../../security/crypto';

/** The hash a chain's first entry follows. */
export const GENESIS_HASH = '0'.repeat(64);

/** An entry's hashed fields: everything it says, and the hash of the one before. */
export interface HashedEntry {
  accountId: number;
  seq: number;
  at: number;
  actorUserId: number | null;
  actorKind: string;
  sessionId: number | null;
  apiKeyId: number | null;
  appId: string;
  ip: string;
  userAgent: string;
  path: string;
  lockId: number | null;
  target: unknown;
  params: unknown;
  before: unknown;
  after: unknown;
  prevHash: string;
}

/** The one list of hashed fields, in the row's words (a field left out here is not protected). */
const HASHED_FIELDS: readonly (keyof HashedEntry)[] = [
  'accountId',
  'seq',
  'at',
  'actorUserId',
  'actorKind',
  'sessionId',
  'apiKeyId',
  'appId',
  'ip',
  'userAgent',
  'path',
  'lockId',
  'target',
  'params',
  'before',
  'after',
  'prevHash',
];

/**
 * The entry's canonical text: RFC 8785 (JSON Canonicalization Scheme) of its hashed fields, so
 * key order, spacing and number forms never change the hash; what JSON cannot carry (undefined)
 * is null, as the database gives it back.
 */
export function canonicalEntry(entry: HashedEntry): string {
  const fields: Record<string, unknown> = {};
  for (const name of HASHED_FIELDS) fields[name] = entry[name] ?? null;
  const text = canonicalize(fields);
  if (text === undefined) throw new Error('audit entry cannot be serialised');
  return text;
}

/** SHA-256 (hex) of the entry's canonical text, its predecessor's hash within it. */
export function entryHash(entry: HashedEntry): string {
  return sha256(canonicalEntry(entry));
}
