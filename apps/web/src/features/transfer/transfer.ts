import type { AccountKind } from '../auth/AccountField';

/**
 * Where the transfer's validation code goes: the caller's own account, the mobile number when
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

export interface TransferInput {
  gatewayIds: readonly number[];
  receiver: { kind: AccountKind; account: string; countryCode: string };
  password: string;
  validationCode: string;
}

/** The parameters of /gateway/transfer: the country code goes with a mobile number only. */
export function transferParams(input: TransferInput) {
  return {
    gatewayIdList: input.gatewayIds.join(','),
    receiverUsername: input.receiver.account.trim(),
    countryCode: input.receiver.kind === 'mobile' ? input.receiver.countryCode : undefined,
    password: input.password,
    validationCode: input.validationCode.trim(),
  };
}
