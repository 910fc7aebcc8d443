import type { Db } from '../../db/client';
import { ownedGateway, setGatewayCity } from '../gateway/gatewayQueries';
import { ownedLock } from '../lock/lockAccess';
import { updateLock } from '../lock/lockQueries';
import { type LockLocation, locationOf } from './lockLocation';
import { placedCityId } from './mapQueries';

/** Placing locks and gateways in cities (docs/map.md); each move refreshes the public numbers. */
export class MapService {
  constructor(private readonly deps: { db: Db; onMoved: () => void }) {}

  /** Places the owner's lock in a city (0: in none); answers where it is now. */
  async setLockLocation(userId: number, lockId: number, cityId: number | undefined): Promise<LockLocation> {
    const { db } = this.deps;
    const owned = await ownedLock(db, userId, lockId);
    await updateLock(db, owned.id, { cityId: await placedCityId(db, cityId) });
    this.deps.onMoved();
    return locationOf(db, owned.id);
  }

  /** Places the owner's gateway in a city (0: in none). */
  async setGatewayLocation(userId: number, gatewayId: number, cityId: number | undefined): Promise<void> {
    const { db } = this.deps;
    const gateway = await ownedGateway(db, userId, gatewayId);
    await setGatewayCity(db, gateway.id, await placedCityId(db, cityId));
    this.deps.onMoved();
  }
}
