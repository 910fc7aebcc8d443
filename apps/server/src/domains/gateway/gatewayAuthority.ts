import type { Db } from '../../db/client';
import type { GatewayAuthority } from '../../devices/brokerAccess';
import { safeEqual, sha256 } from '../../security/crypto';
import { gatewaySecretHash } from './gatewayQueries';

/** The broker asks this whether a secret is a gateway's own: compared with the stored SHA-256. */
export function gatewayAuthority(db: Db): GatewayAuthority {
  return {
    async verify(gatewayId, secret) {
      const secretHash = await gatewaySecretHash(db, gatewayId);
      return secretHash !== undefined && secret.length > 0 && safeEqual(secretHash, sha256(secret));
    },
  };
}
