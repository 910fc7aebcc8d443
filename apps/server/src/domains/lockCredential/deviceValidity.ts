import type { EKeyValidity } from '../ekey/ekeyValidity';

/**
 * The validity as the lock takes it (UTC ms, a lock-local weekly cycle); a once credential is a
 * limited one at the lock. From a request's validity or a stored row alike.
 */
export function deviceValidity(validity: Pick<EKeyValidity, 'startDate' | 'endDate' | 'cycle'>) {
  return {
    ...(validity.startDate ? { startDate: validity.startDate.getTime() } : {}),
    ...(validity.endDate ? { endDate: validity.endDate.getTime() } : {}),
    ...(validity.cycle ? { cycle: validity.cycle } : {}),
  };
}
