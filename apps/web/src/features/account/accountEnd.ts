import type { TransferConfirmation } from '../transfer/transfer';
import { confirmationParams } from '../transfer/transfer';

/** How many locks and gateways the account owns. */
export interface OwnedDevices {
  locks: number;
  gateways: number;
}

/** Whether the account owns anything to hand over (and so may not be deleted yet). */
export function ownsDevices(owned: OwnedDevices): boolean {
  return owned.locks > 0 || owned.gateways > 0;
}

/** The parameters of /user/transferUserConfirm: the transfers' receiver and confirmation. */
export function transferAllParams(input: TransferConfirmation) {
  return confirmationParams(input);
}

/** The parameters of /user/unregister. */
export function unregisterParams(values: { password: string; validationCode: string }) {
  return { password: values.password, validationCode: values.validationCode.trim() };
}

/** What deleting the account does, in the order the dialog lists it (keys under `account.`). */
export const DELETION_CONSEQUENCES = [
  'deleteSessions',
  'deleteKeys',
  'deleteIssued',
  'deleteData',
  'deleteAddress',
] as const;
