import { user } from '@smartlock/contract/refs';
import type { Issue } from '../credentials/validity';

const { AVATAR_MAX_BYTES } = user;

/** What the avatar picker offers: JPEG, PNG and WebP images. */
export const AVATAR_ACCEPT = '.jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp';

const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const AVATAR_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp'];

/** The avatar limit in megabytes, for messages. */
export const AVATAR_MAX_MEGABYTES = AVATAR_MAX_BYTES / 1_048_576;

/** The file as the browser describes it, before it is sent. */
export interface PickedAvatar {
  name: string;
  size: number;
  /** The browser's MIME type; empty when it does not know. */
  type: string;
}

/**
 * What is wrong with a chosen avatar before it is sent: too large (AVATAR_MAX_BYTES), empty, or
 * not a JPEG, PNG or WebP image (by its type, or by its name when the browser gives no type).
 */
export function avatarFileIssue(file: PickedAvatar): Issue | undefined {
  if (file.size > AVATAR_MAX_BYTES) {
    return { key: 'account.avatarTooLarge', params: { megabytes: AVATAR_MAX_MEGABYTES } };
  }
  const extension = file.name.includes('.') ? (file.name.toLowerCase().split('.').at(-1) ?? '') : '';
  const typed = file.type ? AVATAR_TYPES.includes(file.type.toLowerCase()) : AVATAR_EXTENSIONS.includes(extension);
  if (file.size === 0 || !typed) return { key: 'account.avatarFormat' };
  return undefined;
}

/** The two identifiers an account can log in with. */
export type Identifier = 'mobile' | 'email';

/** What the account card needs of the user info. */
export interface Identifiers {
  mobile: string;
  email: string;
}

/** Whether this identifier may be unbound: only when the other one is there to log in with. */
export function canUnbind(me: Identifiers, which: Identifier): boolean {
  const other = which === 'mobile' ? me.email : me.mobile;
  return me[which] !== '' && other !== '';
}

/** The actions an identifier row offers: bind when there is none, else change and unbind. */
export function identifierActions(me: Identifiers, which: Identifier): ('bind' | 'change' | 'unbind')[] {
  return me[which] ? ['change', 'unbind'] : ['bind'];
}

/** What the bind dialog collects. */
export interface BindInput {
  account: string;
  countryCode: string;
  validationCode: string;
}

/** The parameters of /user/bindMobile when binding (or replacing) a mobile number. */
export function bindMobileParams(input: BindInput) {
  return {
    mobile: input.account.trim(),
    countryCode: input.countryCode,
    validationCode: input.validationCode.trim(),
  };
}

/** The parameters of /user/bindEmail when binding (or replacing) an email address. */
export function bindEmailParams(input: Omit<BindInput, 'countryCode'>) {
  return { email: input.account.trim(), validationCode: input.validationCode.trim() };
}

/** The parameters of /user/changeAccount: the country code goes with a mobile number only. */
export function changeAccountParams(input: BindInput & { kind: Identifier }) {
  return {
    account: input.account.trim(),
    countryCode: input.kind === 'mobile' ? input.countryCode : undefined,
    validationCode: input.validationCode.trim(),
  };
}

/** The parameters of /user/updateUserInfo for the profile form: the nickname trimmed, the country id. */
export function profileParams(values: { nickname?: string | undefined; countryId?: string | undefined }) {
  return {
    nickname: (values.nickname ?? '').trim(),
    countryId: values.countryId || undefined,
  };
}

/** Whether the profile form differs from what the server holds. */
export function profileChanged(
  me: { nickname: string; countryId: string },
  values: { nickname?: string | undefined; countryId?: string | undefined },
): boolean {
  const next = profileParams(values);
  return next.nickname !== me.nickname || (next.countryId !== undefined && next.countryId !== me.countryId);
}
