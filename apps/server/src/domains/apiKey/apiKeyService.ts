import {
  API_KEY_PREFIX,
  API_KEYS_PER_ACCOUNT_MAX,
  type ApiKeyScope,
  type apiKey,
  type DataOf,
} from '@smartlock/contract';
import type { Db } from '../../db/client';
import { ApiError } from '../../http/apiError';
import { randomToken, sha256 } from '../../security/crypto';
import { managedLock } from '../lock/lockAccess';
import { keyCallsIn, monthOf } from '../openApi/openApiUsageQueries';
import { insertKey, liveKeysOf, lockedLiveKeyCount, lockNames, revokeKeyOf } from './apiKeyQueries';

/** How many characters of a secret are kept in clear to tell keys apart: slk_ and six more. */
const SHOWN_PREFIX = API_KEY_PREFIX.length + 6;

/**
 * The account's API keys (docs/integrations.md): made with a name, scopes and optionally the
 * locks they are limited to (each one the account manages, checked as any lock call checks it);
 * the secret is given once and kept as SHA-256 only; revoked at once.
 */
export class ApiKeyService {
  constructor(
    private readonly db: Db,
    /** Calls per minute per key, shown beside the keys. */
    private readonly callsPerMinute: number,
  ) {}

  async list(userId: number): Promise<DataOf<typeof apiKey.list>> {
    const keys = await liveKeysOf(this.db, userId);
    const [names, calls] = await Promise.all([
      lockNames(this.db, [...new Set(keys.flatMap((key) => key.lockIds ?? []))]),
      keyCallsIn(this.db, userId, monthOf(new Date())),
    ]);
    return {
      callsPerMinute: this.callsPerMinute,
      list: keys.map((key) => ({
        apiKeyId: key.id,
        name: key.name,
        prefix: key.prefix,
        scopes: key.scopes as ApiKeyScope[],
        locks:
          key.lockIds === null
            ? null
            : key.lockIds.flatMap((lockId) => {
                const lockName = names.get(lockId);
                return lockName === undefined ? [] : [{ lockId, lockName }];
              }),
        createdAt: key.createdAt.getTime(),
        lastUsedAt: key.lastUsedAt?.getTime() ?? null,
        callsThisMonth: calls.get(key.id) ?? 0,
      })),
    };
  }

  /** Makes a key; its secret is in the answer only. A lock the account does not manage is refused as a stranger's. */
  async create(
    userId: number,
    input: { name: string; scopes: ApiKeyScope[]; lockIds: number[] },
  ): Promise<{ apiKeyId: number; secret: string }> {
    const secret = `${API_KEY_PREFIX}${randomToken(32)}`;
    const keyId = await this.db.transaction(async (tx) => {
      for (const lockId of input.lockIds) await managedLock(tx, userId, lockId);
      if ((await lockedLiveKeyCount(tx, userId)) >= API_KEYS_PER_ACCOUNT_MAX) {
        throw new ApiError('apiKeyLimit', { max: API_KEYS_PER_ACCOUNT_MAX });
      }
      return insertKey(tx, {
        userId,
        name: input.name,
        secretHash: sha256(secret),
        prefix: secret.slice(0, SHOWN_PREFIX),
        scopes: input.scopes,
        lockIds: input.lockIds.length > 0 ? input.lockIds : null,
      });
    });
    return { apiKeyId: keyId, secret };
  }

  /** Revokes one of the account's keys; another account's, or one already revoked, is not found. */
  async revoke(userId: number, keyId: number): Promise<void> {
    if (!(await revokeKeyOf(this.db, userId, keyId))) throw new ApiError('notFound', {}, 'no such API key');
  }
}
