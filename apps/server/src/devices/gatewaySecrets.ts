import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { gateways } from '../db/schema';
import type { Sealer } from '../security/crypto';

const CACHE_MS = 60_000;

/**
 * Each gateway's secret, which signs the commands sent to it and the messages it sends. Stored
 * sealed (AES-GCM under a key derived from SECRET_KEY), opened on use, cached for a minute.
 */
export class GatewaySecrets {
  private readonly cache = new Map<number, { secret: string | undefined; until: number }>();

  constructor(
    private readonly db: Db,
    private readonly sealer: Sealer,
  ) {}

  seal(secret: string): string {
    return this.sealer.seal(secret);
  }

  async secretOf(gatewayId: number): Promise<string | undefined> {
    const cached = this.cache.get(gatewayId);
    if (cached && cached.until > Date.now()) return cached.secret;
    const [row] = await this.db
      .select({ sealed: gateways.secretSealed })
      .from(gateways)
      .where(eq(gateways.id, gatewayId));
    const secret = row?.sealed ? this.sealer.open(row.sealed) : undefined;
    this.cache.set(gatewayId, { secret, until: Date.now() + CACHE_MS });
    return secret;
  }

  /** A deleted gateway's secret is forgotten at once. */
  forget(gatewayId: number): void {
    this.cache.delete(gatewayId);
  }
}
