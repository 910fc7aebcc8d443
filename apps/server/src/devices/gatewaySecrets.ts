import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { gateways } from '../db/schema';
import type { Sealer } from '../security/crypto';

const CACHE_MS = 60_000;

/**
 * Each gateway's secret, which signs the commands sent to it and the messages it sends. Stored
 * sealed (AES-GCM under a key derived from SECRET_KEY), opened on use, cached for a minute.
 * Only a secret found is cached: a gateway another instance adds a moment later is heard at once.
 */
export class GatewaySecrets {
  private readonly cache = new Map<number, { secret: string; until: number }>();

  constructor(
    private readonly db: Db,
    private readonly sealer: Sealer,
  ) {}

  seal(secret: string): string {
    return this.sealer.seal(secret);
  }

  /** The secret, from the cache unless `fresh` (a message it did not verify: it may have changed). */
  async secretOf(gatewayId: number, fresh = false): Promise<string | undefined> {
    const cached = this.cache.get(gatewayId);
    if (!fresh && cached && cached.until > Date.now()) return cached.secret;
    const [row] = await this.db
      .select({ sealed: gateways.secretSealed })
      .from(gateways)
      .where(eq(gateways.id, gatewayId));
    const secret = row?.sealed ? this.sealer.open(row.sealed) : undefined;
    if (secret) this.cache.set(gatewayId, { secret, until: Date.now() + CACHE_MS });
    else this.cache.delete(gatewayId);
    return secret;
  }

  /** A deleted gateway's secret is forgotten at once. */
  forget(gatewayId: number): void {
    this.cache.delete(gatewayId);
  }
}
