import type { CallRef, DataOf, ParamsOf } from '@smartlock/contract';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { useConsole } from '../app/context';

/**
 * A change made by one contract call, as a TanStack Query mutation. Once it succeeds, every query
 * under the keys it `invalidates` (roots of api/queryKeys.ts, or narrower keys, or keys made from
 * the call's parameters) is refreshed, and
 * `mutateAsync` resolves after that: a screen that closes on success shows fresh lists.
 */
export function useCallMutation<C extends CallRef>(
  call: C,
  invalidates: readonly QueryKey[] | ((params: ParamsOf<C>) => readonly QueryKey[]) = [],
) {
  const { api } = useConsole();
  const queries = useQueryClient();
  return useMutation<DataOf<C>, unknown, ParamsOf<C>>({
    mutationFn: (params) => api.call(call, params),
    onSuccess: async (_data, params) => {
      const keys = typeof invalidates === 'function' ? invalidates(params) : invalidates;
      await Promise.all(keys.map((queryKey) => queries.invalidateQueries({ queryKey })));
    },
  });
}
