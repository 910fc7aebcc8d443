import type { DataOf } from '@smartlock/contract';
import { stayGuest } from '@smartlock/contract/refs';
import { useQuery } from '@tanstack/react-query';
import { QUERY_ROOT } from '../../api/queryKeys';
import { useCallMutation } from '../../api/useCallMutation';
import { useConsole } from '../../app/context';

export type StayGuestPageData = DataOf<typeof stayGuest.guest>;
export type StayGuestLockData = StayGuestPageData['locks'][number];
/** Exactly one of a lock or a group. */
export type InstructionsTarget = { lockId: number } | { groupId: number };

const stayKeys = {
  guest: (token: string) => [...QUERY_ROOT.stayGuest, 'page', token] as const,
  allInstructions: [...QUERY_ROOT.stayGuest, 'instructions'] as const,
  instructions: (target: InstructionsTarget) => [...QUERY_ROOT.stayGuest, 'instructions', target] as const,
};

/** A stay's guest page by its link (no session); a failed load is not tried again (an invalid link stays invalid). */
export function useStayGuestPage(token: string | undefined) {
  const { api } = useConsole();
  return useQuery({
    queryKey: stayKeys.guest(token ?? ''),
    queryFn: () => api.call(stayGuest.guest, { token: token ?? '' }),
    enabled: token !== undefined,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** Unlocks one of the stay's locks; answers once the lock has. */
export const useGuestUnlock = () => useCallMutation(stayGuest.guestUnlock);

/** A lock's or group's own arrival instructions. */
export function useStayInstructions(target: InstructionsTarget) {
  const { api } = useConsole();
  return useQuery({
    queryKey: stayKeys.instructions(target),
    queryFn: () => api.call(stayGuest.instructions, target),
  });
}

/** Writes a lock's or group's instructions; the instructions shown anywhere are read again. */
export const useSetStayInstructions = () => useCallMutation(stayGuest.setInstructions, [stayKeys.allInstructions]);
