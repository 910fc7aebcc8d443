import { user } from '@smartlock/contract/refs';
import { useCallMutation } from '../../api/useCallMutation';

/** Changes the account's password (the session stays; nothing cached changes). */
export const useChangePassword = () => useCallMutation(user.changePassword);
