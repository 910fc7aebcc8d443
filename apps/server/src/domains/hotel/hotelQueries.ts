import type { HotelInfo } from '@smartlock/contract';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { hotelSettings, locks } from '../../db/schema';
import { lockSubsetCondition } from '../lock/lockQueries';

export type Buildings = HotelInfo['buildings'];

/** An account's hotel settings; none saved yet: sector 0, no buildings. */
export async function settingsOf(db: Executor, userId: number): Promise<{ sector: number; buildings: Buildings }> {
  const [row] = await db.select().from(hotelSettings).where(eq(hotelSettings.userId, userId));
  return { sector: row?.sector ?? 0, buildings: row?.buildings ?? [] };
}

/** The account's locks by name, with their features and place. */
export async function ownedLockPlaces(db: Executor, userId: number) {
  return db
    .select({
      lockId: locks.id,
      lockName: locks.name,
      featureValue: locks.featureValue,
      building: locks.hotelBuilding,
      floor: locks.hotelFloor,
    })
    .from(locks)
    .where(and(eq(locks.ownerId, userId), lockSubsetCondition()))
    .orderBy(asc(locks.name), asc(locks.id));
}

export async function saveSettings(db: Executor, userId: number, sector: number, buildings: Buildings): Promise<void> {
  await db
    .insert(hotelSettings)
    .values({ userId, sector, buildings })
    .onConflictDoUpdate({ target: hotelSettings.userId, set: { sector, buildings, updatedAt: new Date() } });
}

/** The account's locks placed in a building. */
export async function placedLocks(db: Executor, userId: number) {
  return db
    .select({ id: locks.id, building: locks.hotelBuilding, floor: locks.hotelFloor })
    .from(locks)
    .where(and(eq(locks.ownerId, userId), isNotNull(locks.hotelBuilding), lockSubsetCondition()));
}

/** Places a lock on a floor of a building; null, null takes its place away. */
export async function placeLock(db: Executor, lockId: number, building: number | null, floor: number | null) {
  await db.update(locks).set({ hotelBuilding: building, hotelFloor: floor }).where(eq(locks.id, lockId));
}
