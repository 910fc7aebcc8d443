import { gateway, gatewayUsername } from '@smartlock/contract';
import type { Db } from '../../db/client';
import { orConflict } from '../../db/conflict';
import { gateways } from '../../db/schema';
import { type Route, route } from '../../http/router';
import { randomToken, sha256 } from '../../security/crypto';
import { deviceIdentity } from '../shared/deviceIdentity';
import { requireSession } from '../user/userRoutes';

/** Gateway registry calls (the gateway screen's calls arrive with the devices issue). */
export function gatewayRoutes(db: Db): Route[] {
  return [
    route(gateway.add, async (params, ctx) => {
      const owner = requireSession(ctx).userId;
      const { mac, name } = deviceIdentity('gateway', params.gatewayMac, params.gatewayName);
      const secret = randomToken(32);
      return orConflict(async () => {
        const [created] = await db
          .insert(gateways)
          .values({
            ownerId: owner,
            mac,
            name,
            version: params.gatewayVersion,
            networkName: params.networkName ?? '',
            secretHash: sha256(secret),
          })
          .returning({ id: gateways.id });
        if (!created) throw new Error('gateway insert returned nothing');
        return { gatewayId: created.id, username: gatewayUsername(created.id), secret };
      }, 'gatewayAlreadyAdded');
    }),
  ];
}
