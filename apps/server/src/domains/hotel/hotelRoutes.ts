import { lockCredential } from '@smartlock/contract';
import { requireSession } from '../../http/context';
import { type Route, route } from '../../http/router';
import type { HotelService } from './hotelService';

/** Hotel settings: the account's card sector and buildings, and where its hotel locks are. */
export function hotelRoutes(hotel: HotelService): Route[] {
  return [
    route(lockCredential.getHotelInfo, async (_params, ctx) => hotel.info(requireSession(ctx).userId)),

    route(lockCredential.updateHotelInfo, async (params, ctx) => {
      await hotel.update(requireSession(ctx).userId, params.sector, params.buildings);
      return {};
    }),

    route(lockCredential.setHotelRoom, async (params, ctx) => {
      await hotel.setRoom(requireSession(ctx).userId, params.lockId, params.building, params.floor);
      return {};
    }),
  ];
}
