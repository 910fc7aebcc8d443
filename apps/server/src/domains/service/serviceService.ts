import type { Db } from '../../db/client';
import type { PaymentProviders } from '../payment/paymentProviders';
import { findUserById } from '../user/userQueries';
import type { PriceList } from './priceList';
import { presentBalances } from './servicePresenter';
import { balancesOf } from './serviceQueries';

/** The value-added services' price list and the caller's balances (docs/payments.md). */
export class ServiceService {
  constructor(private readonly deps: { db: Db; prices: PriceList; providers: PaymentProviders }) {}

  /** The price list for the caller's country, with the payment methods offered. */
  async priceList(userId: number, hasPaidFeature: boolean) {
    const me = await findUserById(this.deps.db, userId);
    return this.deps.prices.reply(me?.countryId ?? '', hasPaidFeature, this.deps.providers.methods);
  }

  async balances(userId: number) {
    return presentBalances(await balancesOf(this.deps.db, userId));
  }
}
