import { ServiceType, service, UNIT_SERVICES } from '@smartlock/contract';
import type { Db } from '../../db/client';
import { requireSession } from '../../http/context';
import { type Route, route } from '../../http/router';
import type { PaymentProviders } from '../payment/paymentProviders';
import { findUserById } from '../user/userQueries';
import type { PriceList } from './priceList';
import { balancesOf } from './serviceBalances';

/** The value-added services' price list and the caller's balances (docs/payments.md). */
export function serviceRoutes(deps: { db: Db; prices: PriceList; providers: PaymentProviders }): Route[] {
  return [
    route(service.getPriceList, async (_params, ctx) => {
      const me = await findUserById(deps.db, requireSession(ctx).userId);
      return deps.prices.reply(me?.countryId ?? '', ctx.brand.hasPaidFeature, deps.providers.methods);
    }),
    route(service.getBalance, async (_params, ctx) => {
      const balances = await balancesOf(deps.db, requireSession(ctx).userId);
      return {
        balances: UNIT_SERVICES.map((name) => ({
          serviceType: ServiceType[name],
          units: balances.get(ServiceType[name]) ?? 0,
        })),
      };
    }),
  ];
}
