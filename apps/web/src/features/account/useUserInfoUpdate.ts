import type { DataOf } from '@smartlock/contract';
import type { user } from '@smartlock/contract/refs';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { USER_INFO_KEY } from '../../app/userInfo';

export type UserInfo = DataOf<typeof user.getInfo>;

/**
 * After an account call: the user info the console holds becomes the call's answer (every
 * screen and the header follow), or is loaded again when the call answers none.
 */
export function useUserInfoUpdate(): (info?: UserInfo) => Promise<void> {
  const queries = useQueryClient();
  return useCallback(
    async (info?: UserInfo) => {
      if (info) queries.setQueryData(USER_INFO_KEY, info);
      else await queries.invalidateQueries({ queryKey: USER_INFO_KEY });
    },
    [queries],
  );
}
