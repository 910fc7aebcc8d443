import { lockCredential } from '@smartlock/contract/refs';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { QUERY_ROOT } from '../../api/queryKeys';
import { useCallMutation } from '../../api/useCallMutation';
import { useConsole } from '../../app/context';
import { credentialKeys } from '../lockCredential/lockCredentialApi';

/** One page of the locks a hotel card opens, by its number. */
export function useLocksByCard(cardNumber: string, page: { pageNo: number; pageSize: number }) {
  const { api } = useConsole();
  return useQuery({
    queryKey: credentialKeys.locksByCard(cardNumber, page.pageNo, page.pageSize),
    queryFn: () => api.call(lockCredential.listLocksByCardNumber, { cardNumber, ...page }),
    placeholderData: keepPreviousData,
  });
}

/** Saves the hotel settings (sector, buildings and their floors). */
export const useUpdateHotelInfo = () => useCallMutation(lockCredential.updateHotelInfo, [QUERY_ROOT.hotel]);
/** Sets the building and floor of a hotel lock's room. */
export const useSetHotelRoom = () => useCallMutation(lockCredential.setHotelRoom, [QUERY_ROOT.hotel]);
