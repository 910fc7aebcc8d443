import type { CredentialItem, LockCredentialKind } from '@smartlock/contract';
import { lockCredential } from '@smartlock/contract/refs';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ApiClient, CallParams } from '../../api/client';
import { QUERY_ROOT } from '../../api/queryKeys';
import { useCallMutation } from '../../api/useCallMutation';
import { useConsole } from '../../app/context';

export type { CredentialItem };

export interface CredentialListQuery {
  lockId: number;
  pageNo: number;
  pageSize: number;
  /** Part of a number, name or remark; empty for all. */
  searchStr: string;
}

export const credentialKeys = {
  list: (kind: LockCredentialKind, query: CredentialListQuery) =>
    [...QUERY_ROOT.credential, kind, 'list', query] as const,
  faceAuth: (lockId: number) => [...QUERY_ROOT.credential, 'faceAuth', lockId] as const,
  hotelInfo: () => [...QUERY_ROOT.hotel, 'info'] as const,
  locksByCard: (cardNumber: string, pageNo: number, pageSize: number) =>
    [...QUERY_ROOT.credential, 'card', 'locks', cardNumber, pageNo, pageSize] as const,
};

/** One page of a lock's credentials of a kind, newest first. */
export function useCredentials(kind: LockCredentialKind, query: CredentialListQuery) {
  const { api } = useConsole();
  return useQuery({
    queryKey: credentialKeys.list(kind, query),
    queryFn: () =>
      api.call(lockCredential.LOCK_CREDENTIAL_CALLS[kind].list, { ...query, searchStr: query.searchStr || undefined }),
    placeholderData: keepPreviousData,
  });
}

/** After a change to credentials: their lists, and the lock detail whose tabs count them. */
export function useRefreshCredentials(): () => Promise<void> {
  const queries = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      queries.invalidateQueries({ queryKey: QUERY_ROOT.credential }),
      queries.invalidateQueries({ queryKey: QUERY_ROOT.lock }),
    ]);
  }, [queries]);
}

/** What a change the list shows at once makes stale: the lists, and the lock detail's counts. */
const CHANGED = [QUERY_ROOT.credential, QUERY_ROOT.lock];
const CALLS = lockCredential.LOCK_CREDENTIAL_CALLS;

/** Renames a credential and changes its remark (the cloud's own). */
export const useRenameCredential = (kind: LockCredentialKind) => useCallMutation(CALLS[kind].rename, CHANGED);
/** Sends a credential's new validity to the lock. */
export const useChangeCredentialPeriod = (kind: LockCredentialKind) =>
  useCallMutation(CALLS[kind].changePeriod, CHANGED);
/**
 * Deleting a credential, reporting a card lost and clearing a kind travel to the lock: the tab
 * reads its list again once each is sent, whether or not it was taken.
 */
export const useRemoveCredential = (kind: LockCredentialKind) => useCallMutation(CALLS[kind].remove);
export const useReportCardLoss = () => useCallMutation(CALLS.card.reportLoss);
export const useClearCredentials = (kind: LockCredentialKind) => useCallMutation(CALLS[kind].clear);
/** Adds a key fob or a palm vein from the tab's dialog: the list shows it at once. */
export const useAddKeyFob = () => useCallMutation(lockCredential.keyFob.add, CHANGED);
export const useAddPalmVein = () => useCallMutation(lockCredential.palmVein.add, CHANGED);
/** Sends a fingerprint to several locks at once: the lists show the results at once. */
export const useAddFingerprint = () => useCallMutation(lockCredential.fingerprint.add, CHANGED);
/** Cards and QR codes added on an issue page: the page refreshes the lists as their operation ends. */
export const useAddCard = () => useCallMutation(lockCredential.card.add);
export const useAddQrCode = () => useCallMutation(lockCredential.qrCode.add);

/** Asks whether a face photo is usable; resolves to its size. An upload, not a change. */
export const checkFacePhoto = (api: ApiClient, photo: File) =>
  api.upload(lockCredential.face.checkPhoto, {}, { photo });

/** Adds a face with its photo (an upload); the issue page follows the operation it starts. */
export const addFace = (api: ApiClient, params: CallParams<typeof lockCredential.face.add>, photo: File) =>
  api.upload(lockCredential.face.add, params, { photo });

/** The face identification balance bought for a lock and its frequency (asked only when `enabled`). */
export function useFaceAuthBalance(lockId: number, enabled: boolean) {
  const { api } = useConsole();
  return useQuery({
    queryKey: credentialKeys.faceAuth(lockId),
    queryFn: () => api.call(lockCredential.getFaceAuthNumBalance, { lockId }),
    enabled,
  });
}

/** Changes how often eKey holders of a lock identify their face. */
export const useChangeFaceAuthFrequency = (lockId: number) =>
  useCallMutation(lockCredential.updateFaceAuthFrequency, [credentialKeys.faceAuth(lockId)]);

/** The caller's hotel settings and hotel locks' rooms (asked only when `enabled`). */
export function useHotelInfo(enabled = true) {
  const { api } = useConsole();
  return useQuery({
    queryKey: credentialKeys.hotelInfo(),
    queryFn: () => api.call(lockCredential.getHotelInfo, {}),
    enabled,
  });
}
