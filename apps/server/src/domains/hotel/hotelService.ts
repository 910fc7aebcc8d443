import { hasFeature } from '@smartlock/contract';
import type { Db } from '../../db/client';
import { ApiError } from '../../http/apiError';
import { ownedLock } from '../lock/lockAccess';
import { presentHotelInfo } from './hotelPresenter';
import { type Buildings, ownedLockPlaces, placedLocks, placeLock, saveSettings, settingsOf } from './hotelQueries';

/** Whether a building and floor exist in the settings. */
function placeExists(buildings: Buildings, building: number, floor: number): boolean {
  return buildings.some((b) => b.building === building && floor >= 1 && floor <= b.floors);
}

/**
 * Hotel settings (docs/api.md): each account's card sector and buildings, and where each of its
 * hotel locks is. Settings and placements are the owner's: a lock's building and floor refer to
 * its owner's buildings (a transferred lock leaves its place behind).
 */
export class HotelService {
  constructor(private readonly db: Db) {}

  async info(userId: number) {
    const settings = await settingsOf(this.db, userId);
    return presentHotelInfo(settings, await ownedLockPlaces(this.db, userId));
  }

  async update(userId: number, sector: number, given: Buildings): Promise<void> {
    const numbers = given.map((b) => b.building);
    if (new Set(numbers).size !== numbers.length) throw new ApiError('badParameter', {}, 'buildings: a number twice');
    const buildings = [...given].sort((a, b) => a.building - b.building);
    await this.db.transaction(async (tx) => {
      await saveSettings(tx, userId, sector, buildings);
      // Locks placed in a building or on a floor that is gone lose their place.
      for (const lock of await placedLocks(tx, userId)) {
        if (!placeExists(buildings, lock.building ?? 0, lock.floor ?? 0)) await placeLock(tx, lock.id, null, null);
      }
    });
  }

  async setRoom(userId: number, lockId: number, building: number, floor: number): Promise<void> {
    // The owner's alone: the place refers to the owner's hotel settings.
    const lock = await ownedLock(this.db, userId, lockId);
    if (!hasFeature(lock.featureValue, 'hotelLock'))
      throw new ApiError('operationNotSupported', {}, 'not a hotel lock');
    const { buildings } = await settingsOf(this.db, userId);
    if (!placeExists(buildings, building, floor)) {
      throw new ApiError('badParameter', {}, 'building and floor: not in the hotel settings');
    }
    await placeLock(this.db, lock.id, building, floor);
  }
}
