import type { CallRef, DataOf } from '@smartlock/contract';
import type { CallParams } from '@smartlock/contract/client';
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
  invalidates: readonly QueryKey[] | ((params: CallParams<C>) => readonly QueryKey[]) = [],
) {
  const { api } = useConsole();
  const queries = useQueryClient();
  return useMutation<DataOf<C>, unknown, CallParams<C>>({
    // One call whose type is generic here: the client's untyped form takes it as its own methods do.
    mutationFn: (params) => api.call(call as CallRef, params as CallParams<CallRef>) as Promise<DataOf<C>>,
    onSuccess: async (_data, params) => {
      const keys = typeof invalidates === 'function' ? invalidates(params) : invalidates;
      await Promise.all(keys.map((queryKey) => queries.invalidateQueries({ queryKey })));
    },
  });
}
