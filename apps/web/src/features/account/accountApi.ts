import { user } from '@smartlock/contract/refs';
import { useMutation } from '@tanstack/react-query';
import { QUERY_ROOT } from '../../api/queryKeys';
import { useCallMutation } from '../../api/useCallMutation';
import { useConsole } from '../../app/context';

/*
 * The account's own changes answer the user info as it now is: the screens put it in place of the
 * info the console holds (useUserInfoUpdate), so these refresh no query of their own.
 */

/** Changes the account's password (the session stays; nothing cached changes). */
export const useChangePassword = () => useCallMutation(user.changePassword);
/** Saves the nickname and the country or region, or removes the avatar. */
export const useUpdateUserInfo = () => useCallMutation(user.updateUserInfo);
/** Uploads a new avatar (the same call, its picture sent as a file). */
export function useUploadAvatar() {
  const { api } = useConsole();
  return useMutation({ mutationFn: (avatar: File) => api.upload(user.updateUserInfo, {}, { avatar }) });
}
/** Changes the account the user logs in with, with the code sent to the new one. */
export const useChangeAccount = () => useCallMutation(user.changeAccount);
/** Binds, replaces or unbinds the account's mobile number. */
export const useBindMobile = () => useCallMutation(user.bindMobile);
/** Binds, replaces or unbinds the account's email address. */
export const useBindEmail = () => useCallMutation(user.bindEmail);
/** Hands every lock and gateway the user owns to another account: they leave the lock, group and gateway lists. */
export const useTransferAll = () =>
  useCallMutation(user.transferUserConfirm, [QUERY_ROOT.lock, QUERY_ROOT.group, QUERY_ROOT.gateway]);
/** Deletes the account; the server ends the session (the screen leaves the console as at logout). */
export const useDeleteAccount = () => useCallMutation(user.unregister);
