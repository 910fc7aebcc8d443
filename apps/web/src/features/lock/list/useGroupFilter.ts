import { GroupId, SessionStorageKey } from '@smartlock/contract';
import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { readSession, writeSession } from '../../../storage/secureSession';
import type { GroupList } from '../../group/groupApi';
import { groupIdFromQuery, queryWithGroup } from '../../group/groupOptions';

/**
 * The lock list's group filter lives in the URL (`?groupId=`), so a link or a reload shows the
 * same group; the last choice is also kept (encrypted) in session storage and comes back when
 * the list is opened without one.
 */
export function useGroupFilter(groups: GroupList | undefined): [number, (groupId: number) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('groupId');
  const groupId = groupIdFromQuery(raw, groups);

  useEffect(() => {
    if (raw !== null) return;
    let live = true;
    void readSession(SessionStorageKey.groupId).then((kept) => {
      const restored = groupIdFromQuery(kept ?? null);
      if (live && restored !== GroupId.all) {
        setParams((current) => queryWithGroup(current, restored), { replace: true });
      }
    });
    return () => {
      live = false;
    };
  }, [raw, setParams]);

  const choose = useCallback(
    (next: number) => {
      void writeSession(SessionStorageKey.groupId, String(next));
      setParams((current) => queryWithGroup(current, next));
    },
    [setParams],
  );
  return [groupId, choose];
}
