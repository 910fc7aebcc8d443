import { lock } from '@smartlock/contract';
import type { Db } from '../../db/client';
import { orConflict } from '../../db/conflict';
import { locks } from '../../db/schema';
import { type Route, route } from '../../http/router';
import { randomToken } from '../../security/crypto';
import { deviceIdentity } from '../shared/deviceIdentity';
import { requireSession } from '../user/userRoutes';

/** Lock registry calls (the rest of the lock calls arrive with the locks issue). */
export function lockRoutes(db: Db): Route[] {
  return [
    route(lock.initialize, async (params, ctx) => {
      const owner = requireSession(ctx).userId;
      const { mac, name } = deviceIdentity('lock', params.lockMac, params.lockName);
      const lockSecret = randomToken(32);
      return orConflict(async () => {
        const [created] = await db
          .insert(locks)
          .values({
            ownerId: owner,
            mac,
            lockNumber: params.lockNumber,
            name,
            firmware: params.firmware,
            featureValue: params.featureValue.toUpperCase(),
            passcodeVersion: params.passcodeVersion,
            lockSecret,
            timezoneRawOffset: params.timezoneRawOffset ?? 0,
            battery: params.battery ?? 100,
          })
          .returning({ id: locks.id });
        if (!created) throw new Error('lock insert returned nothing');
        return { lockId: created.id, lockSecret };
      }, 'lockAlreadyAdded');
    }),
  ];
}
