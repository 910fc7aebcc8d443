import { ServiceType, UNIT_SERVICES } from '@smartlock/contract';

/** The balance reply: every unit service, none held as 0. */
export function presentBalances(balances: Map<number, number>) {
  return {
    balances: UNIT_SERVICES.map((name) => ({
      serviceType: ServiceType[name],
      units: balances.get(ServiceType[name]) ?? 0,
    })),
  };
}
