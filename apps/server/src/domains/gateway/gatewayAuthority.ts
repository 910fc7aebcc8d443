import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { gateways } from '../../db/schema';
import type { GatewayAuthority } from '../../devices/brokerAccess';
import { safeEqual, sha256 } from '../../security/crypto';

/** The broker asks this whether a secret is a gateway's own: compared with the stored SHA-256. */
export function gatewayAuthority(db: Db): GatewayAuthority {
  return {
    async verify(gatewayId, secret) {
      const [row] = await db
        .select({ secretHash: gateways.secretHash })
        .from(gateways)
        .where(eq(gateways.id, gatewayId));
      return row !== undefined && secret.length > 0 && safeEqual(row.secretHash, sha256(secret));
    },
  };
}
