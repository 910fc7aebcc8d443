import type { AccountKind } from '../auth/AccountField';

/**
 * Where a transfer's validation code goes: the caller's own account, the mobile number when
 * there is one (mobile first, as the account screens), else the email address.
 */
export function ownAccountOf(me: {
  mobile: string;
  email: string;
  countryCode: string;
}): { account: string; countryCode: string } | undefined {
  if (me.mobile) return { account: me.mobile, countryCode: me.countryCode };
  if (me.email) return { account: me.email, countryCode: '' };
  return undefined;
}

/** What every transfer (gateways, locks) asks for besides what is transferred. */
export interface TransferConfirmation {
  receiver: { kind: AccountKind; account: string; countryCode: string };
  password: string;
  validationCode: string;
}

/** The receiver and confirmation parameters of a transfer: the country code goes with a mobile number only. */
export function confirmationParams(input: TransferConfirmation) {
  return {
    receiverUsername: input.receiver.account.trim(),
    countryCode: input.receiver.kind === 'mobile' ? input.receiver.countryCode : undefined,
    password: input.password,
    validationCode: input.validationCode.trim(),
  };
}

/** The parameters of /gateway/transfer. */
export function gatewayTransferParams(input: TransferConfirmation & { gatewayIds: readonly number[] }) {
  return { gatewayIdList: input.gatewayIds.join(','), ...confirmationParams(input) };
}

/** The parameters of /lock/transfer. */
export function lockTransferParams(input: TransferConfirmation & { lockIds: readonly number[] }) {
  return { lockIdList: input.lockIds.join(','), ...confirmationParams(input) };
}
