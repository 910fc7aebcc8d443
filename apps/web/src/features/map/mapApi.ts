import { map } from '@smartlock/contract/refs';
import { useQuery } from '@tanstack/react-query';
import { QUERY_ROOT } from '../../api/queryKeys';
import { useCallMutation } from '../../api/useCallMutation';
import { useConsole } from '../../app/context';
import { lockKeys } from '../lock/lockKeys';

export const cityKeys = {
  search: (keyword: string) => [...QUERY_ROOT.city, keyword] as const,
};

/** The cities whose names start with a keyword (none asked for while it is empty); kept for five minutes. */
export function useCitySearch(keyword: string) {
  const { api } = useConsole();
  return useQuery({
    queryKey: cityKeys.search(keyword),
    queryFn: () => api.call(map.searchCities, { keyword }),
    enabled: keyword.length > 0,
    staleTime: 5 * 60_000,
  });
}

/** Puts a gateway in a city (0: none): the gateway lists show it. */
export const useSetGatewayCity = () => useCallMutation(map.setGatewayLocation, [QUERY_ROOT.gateway]);
/** Puts a lock in a city (0: none): its detail shows it. */
export const useSetLockCity = () =>
  useCallMutation(map.setLockLocation, (params) => [lockKeys.detail(Number(params.lockId))]);
