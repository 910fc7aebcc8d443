import { type AccessAnswer, CredentialKind, type ReviewItem } from '@smartlock/contract';
import { access, ekey, lockCredential, passcode } from '@smartlock/contract/refs';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client';
import { QUERY_ROOT } from '../../api/queryKeys';
import { useConsole } from '../../app/context';
import { lockCredentialKindOf } from '../lockUser/lockUserKinds';
import { type AccessWhen, whenParams } from './accessWindow';

export type { AccessAnswer };
export type AccessRow = AccessAnswer['list'][number];

/** The most rows a page holds; the export reads page after page. */
const EXPORT_PAGE = 200;

export const accessKeys = {
  lock: (lockId: number, when: AccessWhen, pageNo: number, pageSize: number) =>
    [...QUERY_ROOT.access, 'lock', lockId, when, pageNo, pageSize] as const,
};

/** One page of who can open a lock at the moment or during the period; the previous page stays while the next loads. */
export function useLockAccess(lockId: number, when: AccessWhen | undefined, pageNo: number, pageSize: number) {
  const { api } = useConsole();
  return useQuery({
    queryKey: accessKeys.lock(lockId, when ?? { kind: 'moment', at: 0 }, pageNo, pageSize),
    queryFn: () => api.call(access.lockAccess, { lockId, ...whenParams(when as AccessWhen), pageNo, pageSize }),
    enabled: when !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** The whole answer, page after page (for the export). */
export async function wholeLockAccess(api: ApiClient, lockId: number, when: AccessWhen): Promise<AccessAnswer> {
  const first = await api.call(access.lockAccess, { lockId, ...whenParams(when), pageNo: 1, pageSize: EXPORT_PAGE });
  const list = [...first.list];
  for (let pageNo = 2; pageNo <= first.pages; pageNo++) {
    const page = await api.call(access.lockAccess, { lockId, ...whenParams(when), pageNo, pageSize: EXPORT_PAGE });
    list.push(...page.list);
  }
  return { ...first, list };
}

/** The access review's three lists. */
export type ReviewList = 'unused' | 'gone' | 'admins';
export type { ReviewItem };

const REVIEW_CALLS = { unused: access.reviewUnused, gone: access.reviewGone, admins: access.reviewAdmins } as const;

/** One page of a review list; `days` for the unused credentials and idle administrators. */
export function useReview(list: ReviewList, days: number, pageNo: number, pageSize: number) {
  const { api } = useConsole();
  return useQuery({
    queryKey: [...QUERY_ROOT.access, 'review', list, days, pageNo, pageSize] as const,
    queryFn: () =>
      list === 'gone'
        ? api.call(REVIEW_CALLS.gone, { pageNo, pageSize })
        : api.call(REVIEW_CALLS[list], { days, pageNo, pageSize }),
    placeholderData: keepPreviousData,
  });
}

/** What revoking a credential makes stale: the review, the people, and every list of its kind. */
const REVOKED = [QUERY_ROOT.access, QUERY_ROOT.lockUser, QUERY_ROOT.ekey, QUERY_ROOT.passcode, QUERY_ROOT.credential];

/** Revokes one credential through its own kind's delete call (the call its own tab makes). */
function revokeOne(api: ApiClient, item: ReviewItem): Promise<unknown> {
  if (item.kind === CredentialKind.eKey) return api.call(ekey.remove, { keyId: item.credentialId });
  if (item.kind === CredentialKind.passcode) return api.call(passcode.remove, { keyboardPwdId: item.credentialId });
  const kind = lockCredentialKindOf(item.kind);
  if (!kind) return Promise.reject(new Error(`unknown credential kind ${item.kind}`));
  return api.call(lockCredential.LOCK_CREDENTIAL_CALLS[kind].remove, { credentialId: item.credentialId });
}

/**
 * Revokes the chosen credentials from the review, one call each (so each decision is its own
 * call, checked and recorded as any deletion is), one after another; says which failed and why.
 */
export function useRevokeReviewed() {
  const { api } = useConsole();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (items: readonly ReviewItem[]) => {
      const failed: { item: ReviewItem; error: unknown }[] = [];
      for (const item of items) {
        try {
          await revokeOne(api, item);
        } catch (error) {
          failed.push({ item, error });
        }
      }
      return { revoked: items.length - failed.length, failed };
    },
    onSettled: async () => {
      await Promise.all(REVOKED.map((queryKey) => queries.invalidateQueries({ queryKey })));
    },
  });
}
