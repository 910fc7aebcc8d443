import { EKeyAuthorized, type ErrorName } from '@smartlock/contract';
import type { AccountKind } from '../auth/AccountField';
import { type ValidityDraft, validityParams } from '../credentials/validity';

/** What an eKey carries besides its lock and recipient, as the send forms hold it. */
export interface GrantInput {
  validity: ValidityDraft;
  keyName?: string | undefined;
  remarks?: string | undefined;
  remoteEnable: boolean;
  /** Send as an authorized administrator of the lock (owners only). */
  authorizedAdmin: boolean;
}

/** A recipient as the forms hold it: a mobile number with its calling code, or an email address. */
export interface Receiver {
  kind: AccountKind;
  account: string;
  countryCode: string;
}

const optionalText = (value: string | undefined) => {
  const text = value?.trim() ?? '';
  return text === '' ? undefined : text;
};

/** The grant parameters shared by /ekey/send and /ekey/sendBatch. */
export function grantParams(input: GrantInput) {
  return {
    ...validityParams(input.validity),
    keyName: optionalText(input.keyName),
    remarks: optionalText(input.remarks),
    remoteEnable: input.remoteEnable,
    keyRight: input.authorizedAdmin ? EKeyAuthorized.yes : EKeyAuthorized.no,
  };
}

/** The recipient parameters: the calling code goes with a mobile number only. */
export function receiverParams(receiver: Receiver): { receiverUsername: string; countryCode?: string } {
  const receiverUsername = receiver.account.trim();
  return receiver.kind === 'mobile' && receiver.countryCode
    ? { receiverUsername, countryCode: receiver.countryCode }
    : { receiverUsername };
}

/** The parameters of /ekey/send; `createUser` confirms sending to an account not registered yet. */
export function sendParams(input: { lockId: number; receiver: Receiver; createUser: boolean; grant: GrantInput }) {
  return {
    lockId: input.lockId,
    ...receiverParams(input.receiver),
    createUser: input.createUser,
    ...grantParams(input.grant),
  };
}

/** What the server asks about a recipient before it sends: a calling code, or a confirmation. */
export type RecipientQuestion = 'countryCode' | 'unregistered';

export function recipientQuestion(error: ErrorName | undefined): RecipientQuestion | undefined {
  if (error === 'recipientNeedsCountryCode') return 'countryCode';
  if (error === 'recipientNotRegistered') return 'unregistered';
  return undefined;
}

/** The parameters of /ekey/update: only what changed goes, the rest stays as it is. */
export function updateParams(
  keyId: number,
  before: { keyName: string; remarks: string; remoteEnable: boolean },
  after: { keyName: string; remarks: string; remoteEnable: boolean },
) {
  const keyName = after.keyName.trim();
  const remarks = after.remarks.trim();
  return {
    keyId,
    ...(keyName !== before.keyName ? { keyName } : {}),
    ...(remarks !== before.remarks ? { remarks } : {}),
    ...(after.remoteEnable !== before.remoteEnable ? { remoteEnable: after.remoteEnable } : {}),
  };
}
