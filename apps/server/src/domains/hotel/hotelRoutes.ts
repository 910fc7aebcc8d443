import { type HotelInfo, hasFeature, lockCredential } from '@smartlock/contract';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { hotelSettings, locks } from '../../db/schema';
import { ApiError } from '../../http/apiError';
import { requireSession } from '../../http/context';
import { type Route, route } from '../../http/router';
import { ownedLock } from '../lock/lockAccess';

type Buildings = HotelInfo['buildings'];

/** An account's hotel settings; none saved yet: sector 0, no buildings. */
async function settingsOf(db: Executor, userId: number): Promise<{ sector: number; buildings: Buildings }> {
  const [row] = await db.select().from(hotelSettings).where(eq(hotelSettings.userId, userId));
  return { sector: row?.sector ?? 0, buildings: row?.buildings ?? [] };
}

/** Whether a building and floor exist in the settings. */
function placeExists(buildings: Buildings, building: number, floor: number): boolean {
  return buildings.some((b) => b.building === building && floor >= 1 && floor <= b.floors);
}

/**
 * Hotel settings (docs/api.md): each account's card sector and buildings, and where each of its
 * hotel locks is. Settings and placements are the owner's: a lock's building and floor refer to
 * its owner's buildings (a transferred lock leaves its place behind).
 */
export function hotelRoutes(db: Db): Route[] {
  return [
    route(lockCredential.getHotelInfo, async (_params, ctx) => {
      const userId = requireSession(ctx).userId;
      const settings = await settingsOf(db, userId);
      const owned = await db
        .select({
          lockId: locks.id,
          lockName: locks.name,
          featureValue: locks.featureValue,
          building: locks.hotelBuilding,
          floor: locks.hotelFloor,
        })
        .from(locks)
        .where(eq(locks.ownerId, userId))
        .orderBy(asc(locks.name), asc(locks.id));
      return {
        ...settings,
        locks: owned
          .filter((lock) => hasFeature(lock.featureValue, 'hotelLock'))
          .map(({ featureValue: _feature, ...lock }) => lock),
      };
    }),

    route(lockCredential.updateHotelInfo, async (params, ctx) => {
      const userId = requireSession(ctx).userId;
      const numbers = params.buildings.map((b) => b.building);
      if (new Set(numbers).size !== numbers.length) throw new ApiError('badParameter', {}, 'buildings: a number twice');
      const buildings = [...params.buildings].sort((a, b) => a.building - b.building);
      await db.transaction(async (tx) => {
        await tx
          .insert(hotelSettings)
          .values({ userId, sector: params.sector, buildings })
          .onConflictDoUpdate({
            target: hotelSettings.userId,
            set: { sector: params.sector, buildings, updatedAt: new Date() },
          });
        // Locks placed in a building or on a floor that is gone lose their place.
        const placed = await tx
          .select({ id: locks.id, building: locks.hotelBuilding, floor: locks.hotelFloor })
          .from(locks)
          .where(and(eq(locks.ownerId, userId), isNotNull(locks.hotelBuilding)));
        for (const lock of placed) {
          if (!placeExists(buildings, lock.building ?? 0, lock.floor ?? 0)) {
            await tx.update(locks).set({ hotelBuilding: null, hotelFloor: null }).where(eq(locks.id, lock.id));
          }
        }
      });
      return {};
    }),

    route(lockCredential.setHotelRoom, async (params, ctx) => {
      const userId = requireSession(ctx).userId;
      // The owner's alone: the place refers to the owner's hotel settings.
      const lock = await ownedLock(db, userId, params.lockId);
      if (!hasFeature(lock.featureValue, 'hotelLock'))
        throw new ApiError('operationNotSupported', {}, 'not a hotel lock');
      const { buildings } = await settingsOf(db, userId);
      if (!placeExists(buildings, params.building, params.floor)) {
        throw new ApiError('badParameter', {}, 'building and floor: not in the hotel settings');
      }
      await db
        .update(locks)
        .set({ hotelBuilding: params.building, hotelFloor: params.floor })
        .where(eq(locks.id, lock.id));
      return {};
    }),
  ];
}
