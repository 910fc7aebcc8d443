import { hasFeature } from '@smartlock/contract';
import type { Buildings } from './hotelQueries';

/** The hotel info reply: the settings and the owner's hotel locks with their places. */
export function presentHotelInfo(
  settings: { sector: number; buildings: Buildings },
  owned: { lockId: number; lockName: string; featureValue: string; building: number | null; floor: number | null }[],
) {
  return {
    ...settings,
    locks: owned
      .filter((lock) => hasFeature(lock.featureValue, 'hotelLock'))
      .map(({ featureValue: _feature, ...lock }) => lock),
  };
}
