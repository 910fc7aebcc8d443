import type { DataOf, HotelInfo } from '@smartlock/contract';
import type { lockCredential } from '@smartlock/contract/refs';
import type { Issue } from '../credentials/validity';

/** The hotel settings and the hotel locks' rooms, as /hotel/getInfo answers them. */
export type HotelInfoData = DataOf<typeof lockCredential.getHotelInfo>;
export type HotelLock = HotelInfoData['locks'][number];

export const SECTORS: readonly number[] = Array.from({ length: 16 }, (_, sector) => sector);
export const BUILDING_MAX = 99;
export const FLOORS_MAX = 199;
export const BUILDINGS_MAX = 99;

/** One building as the form edits it: numbers, or null while a field is empty. */
export interface BuildingRow {
  building: number | null;
  floors: number | null;
}

/** The hotel settings as the card-settings form holds them. */
export interface HotelSettingsForm {
  sector: number;
  buildings: BuildingRow[];
}

/** The form's values for the settings the server has: buildings in number order. */
export function toHotelForm(info: HotelInfo): HotelSettingsForm {
  return {
    sector: info.sector,
    buildings: [...info.buildings]
      .sort((a, b) => a.building - b.building)
      .map(({ building, floors }) => ({ building, floors })),
  };
}

/** The next building number to offer when a row is added: one past the highest, else 1. */
export function nextBuilding(rows: readonly BuildingRow[]): number | null {
  const highest = Math.max(0, ...rows.map((row) => row.building ?? 0));
  return highest < BUILDING_MAX ? highest + 1 : null;
}

const whole = (value: number | null, min: number, max: number): value is number =>
  value !== null && Number.isInteger(value) && value >= min && value <= max;

/**
 * What stops the form being saved: a sector outside 0 to 15, a building number outside 1 to 99,
 * floors outside 1 to 199, the same building twice, too many buildings. Row numbers start at 1.
 */
export function hotelFormIssue(form: HotelSettingsForm): Issue | undefined {
  if (!whole(form.sector, 0, 15)) return { key: 'hotel.issue.sector' };
  if (form.buildings.length > BUILDINGS_MAX) return { key: 'hotel.issue.tooMany', params: { count: BUILDINGS_MAX } };
  const seen = new Set<number>();
  for (const [index, row] of form.buildings.entries()) {
    const at = index + 1;
    if (!whole(row.building, 1, BUILDING_MAX)) {
      return { key: 'hotel.issue.building', params: { row: at, max: BUILDING_MAX } };
    }
    if (!whole(row.floors, 1, FLOORS_MAX)) return { key: 'hotel.issue.floors', params: { row: at, max: FLOORS_MAX } };
    if (seen.has(row.building)) return { key: 'hotel.issue.duplicate', params: { building: row.building } };
    seen.add(row.building);
  }
  return undefined;
}

/** The parameters of /hotel/updateInfo for a valid form: the buildings as JSON, in number order. */
export function hotelParams(form: HotelSettingsForm): { sector: number; buildings: string } {
  const buildings = form.buildings
    .filter((row): row is { building: number; floors: number } => row.building !== null && row.floors !== null)
    .sort((a, b) => a.building - b.building)
    .map(({ building, floors }) => ({ building, floors }));
  return { sector: form.sector, buildings: JSON.stringify(buildings) };
}

/** Whether the form differs from the saved settings (what the user would lose). */
export function hotelFormChanged(form: HotelSettingsForm, saved: HotelInfo): boolean {
  return JSON.stringify(hotelParams(form)) !== JSON.stringify(hotelParams(toHotelForm(saved)));
}

/** The floors a building has (1 to its count), none for a building not in the settings. */
export function floorsOf(buildings: HotelInfo['buildings'], building: number | null | undefined): number[] {
  const found = buildings.find((row) => row.building === building);
  return found ? Array.from({ length: found.floors }, (_, index) => index + 1) : [];
}

/** Whether a lock's room is one of the settings' buildings and floors. */
export function roomFits(buildings: HotelInfo['buildings'], building: number | null, floor: number | null): boolean {
  return building !== null && floor !== null && floorsOf(buildings, building).includes(floor);
}

/** What the encoder writes on a hotel card for a room: the hotel's sector, the lock's building, floor and MAC. */
export interface HotelRoom {
  sector: number;
  building: number;
  floor: number;
  lockMac: string;
}

/** The room a hotel card for a lock is written with; undefined while the lock has no building and floor. */
export function hotelRoomOf(info: HotelInfoData, lockId: number, lockMac: string): HotelRoom | undefined {
  const lock = info.locks.find((item) => item.lockId === lockId);
  if (!lock || lock.building === null || lock.floor === null) return undefined;
  return { sector: info.sector, building: lock.building, floor: lock.floor, lockMac };
}
