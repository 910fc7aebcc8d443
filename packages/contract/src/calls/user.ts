import { z } from 'zod';
import { ValidationCodeChannel, ValidationCodeType } from '../enums/account';
import { valuesOf } from '../enums/define';
import { NAME_MAX } from '../limits';
import { SLIDER_TRACK } from '../sliderTrack';
import { defineCall } from './define';
import { emptyData, flagField, intField, oneOf, requiredText, text, transferConfirmation } from './fields';

/** Mobile number or email address as typed. */
const account = requiredText(254);
const countryCode = text(6).optional();
const password = z.string().max(128);
const validationCode = z
  .string()
  .trim()
  .regex(/^[0-9]{4,8}$/);
const sliderToken = text(128).optional();

export const sessionData = z.object({
  uid: z.number().int(),
  /** Seconds until the session ends. */
  expiresIn: z.number().int(),
  /** Only for API clients that are not a browser; the console gets an HttpOnly cookie. */
  accessToken: z.string().optional(),
});

export const userInfo = z.object({
  uid: z.number().int(),
  userId: z.string(),
  countryId: z.string(),
  countryCode: z.string(),
  countryName: z.string(),
  mobile: z.string(),
  email: z.string(),
  nickname: z.string(),
  headUrl: z.string(),
  hasGateway: z
    .union([z.literal(0), z.literal(1)])
    .meta({ description: '1 when the account has a gateway, online or offline (spec section 3); else 0.' }),
  hasOnlineGateway: z
    .union([z.literal(0), z.literal(1)])
    .meta({ description: "1 when one of the account's gateways is online now; else 0." }),
  paidUserStatus: z.number().int(),
  balance: z.number(),
  isLogin: z.boolean(),
});

export const register = defineCall({
  path: '/user/register',
  method: 'POST',
  auth: 'public',
  summary: 'Create an account with a mobile number or an email address and the validation code sent to it.',
  params: z.object({
    account,
    countryCode,
    password,
    validationCode,
    agreement: flagField,
    nickname: text(NAME_MAX).optional(),
  }),
  data: z.object({ uid: z.number().int() }),
});

export const sendValidationCode = defineCall({
  path: '/user/sendValidationCode',
  method: 'POST',
  auth: 'public',
  summary:
    'Send a validation code to a mobile number (SMS or voice) or an email address. Types bind mobile, bind email, transfer lock, unregister and change account need a session.',
  params: z.object({
    account,
    countryCode,
    type: oneOf(valuesOf(ValidationCodeType)),
    channel: oneOf(valuesOf(ValidationCodeChannel)).optional(),
    sliderToken,
  }),
  data: z.object({
    /** Seconds the code stays valid. */
    expiresIn: z.number().int(),
    /** Seconds before another code can be requested. */
    resendAfter: z.number().int(),
  }),
});

export const getSliderVerifyImg = defineCall({
  path: '/user/getSliderVerifyImg',
  method: 'GET',
  auth: 'public',
  summary:
    "A slider puzzle: a background with gaps of the piece's shape along the piece's row (one true, the others decoys) and the piece that fills the true one, both PNG data URLs.",
  params: z.object({}),
  data: z.object({
    sliderId: z.string(),
    backgroundImage: z.string(),
    pieceImage: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    pieceSize: z.number().int(),
    /** The piece's top edge; the user finds its horizontal position. */
    pieceY: z.number().int(),
    expiresIn: z.number().int(),
  }),
});

export const isSliderValid = defineCall({
  path: '/user/isSliderValid',
  method: 'POST',
  auth: 'public',
  summary:
    "Check a slider answer (the piece's left edge in pixels) and the drag that gave it (track: the piece's x over time, see sliderTrack.ts); a drag no hand makes is refused like a wrong answer. One answer per puzzle; a right one yields a single-use slider token.",
  params: z.object({ sliderId: requiredText(64), x: intField, track: text(SLIDER_TRACK.maxChars).optional() }),
  data: z.object({ sliderToken: z.string(), expiresIn: z.number().int() }),
});

export const login = defineCall({
  path: '/user/login',
  method: 'POST',
  auth: 'public',
  summary:
    'Log in with a mobile number or email and password; sets the ACCESS_TOKEN cookie. After repeated failures a slider token is required.',
  params: z.object({ account, countryCode, password, sliderToken }),
  data: sessionData,
});

export const logout = defineCall({
  path: '/user/logout',
  method: 'POST',
  auth: 'session',
  summary: 'End the session and remove the ACCESS_TOKEN cookie.',
  params: z.object({}),
  data: emptyData,
});

export const getInfo = defineCall({
  path: '/user/getInfo',
  method: 'GET',
  auth: 'session',
  summary: "The logged-in user's information.",
  params: z.object({}),
  data: userInfo,
});

export const resetPassword = defineCall({
  path: '/user/resetPassword',
  method: 'POST',
  auth: 'public',
  summary: 'Set a new password with a reset-password validation code; ends every session of the account.',
  params: z.object({ account, countryCode, validationCode, password }),
  data: emptyData,
});

export const checkPassword = defineCall({
  path: '/user/checkPassword',
  method: 'POST',
  auth: 'session',
  summary: "Confirm the logged-in user's password before a sensitive step (transfers).",
  params: z.object({ password }),
  data: emptyData,
});

export const isPaidFeatureAvailable = defineCall({
  path: '/user/isPaidFeatureAvailable',
  method: 'POST',
  auth: 'session',
  summary: "Whether paid features are offered to this user under this brand, and the user's VIP status.",
  params: z.object({}),
  data: z.object({
    available: z.boolean(),
    paidUserStatus: z.number().int(),
  }),
});

export const loginByAccessToken = defineCall({
  path: '/user/loginByAccessToken',
  method: 'POST',
  auth: 'public',
  summary:
    'Open a console session from a live access token handed over by another app of the account (the mobile app); sets the ACCESS_TOKEN cookie.',
  params: z.object({ token: requiredText(200) }),
  data: sessionData,
});

/** The largest avatar image accepted, in bytes. */
export const AVATAR_MAX_BYTES = 1_048_576;

export const updateUserInfo = defineCall({
  path: '/user/updateUserInfo',
  method: 'POST',
  auth: 'session',
  upload: { part: 'avatar', maxBytes: AVATAR_MAX_BYTES, tooLarge: 'photoTooLarge' },
  summary: `Change the logged-in user's nickname, country or region (an ISO country id of the country list), and avatar (an optional multipart part "avatar": a JPEG, PNG or WebP image up to ${AVATAR_MAX_BYTES / 1_048_576} MB, or removeAvatar=1). Answers the user info as /user/getInfo does.`,
  params: z.object({
    nickname: text(NAME_MAX).optional(),
    countryId: z
      .string()
      .trim()
      .regex(/^[A-Z]{2}$/)
      .optional(),
    removeAvatar: flagField.default(false),
  }),
  data: userInfo,
});

export const changePassword = defineCall({
  path: '/user/changePassword',
  method: 'POST',
  auth: 'session',
  summary:
    "Change the logged-in user's password: the old one (wrongPasswordConfirmation when wrong) and a new one by the rules of section 5; every other session of the account ends.",
  params: z.object({ oldPassword: password, newPassword: password }),
  data: emptyData,
});

export const changeAccount = defineCall({
  path: '/user/changeAccount',
  method: 'POST',
  auth: 'session',
  summary:
    'Change the account the user logs in with (its mobile number or email address) to a new one, with the validation code of type changeAccount sent to the new one; refused when the new account belongs to someone (accountExists) or is the current one (sameAsCurrentAccount).',
  params: z.object({ account, countryCode, validationCode }),
  data: userInfo,
});

export const bindMobile = defineCall({
  path: '/user/bindMobile',
  method: 'POST',
  auth: 'session',
  summary:
    'Bind a mobile number to the account (or replace it) with the validation code of type bindMobile sent to it, or unbind it (unbind=1) when the account also has an email address to log in with (cannotUnbindOnlyAccount otherwise).',
  params: z.object({
    mobile: text(32).optional(),
    countryCode,
    validationCode: validationCode.optional(),
    unbind: flagField.default(false),
  }),
  data: userInfo,
});

export const bindEmail = defineCall({
  path: '/user/bindEmail',
  method: 'POST',
  auth: 'session',
  summary:
    'Bind an email address to the account (or replace it) with the validation code of type bindEmail sent to it, or unbind it (unbind=1) when the account also has a mobile number to log in with (cannotUnbindOnlyAccount otherwise).',
  params: z.object({
    email: text(254).optional(),
    validationCode: validationCode.optional(),
    unbind: flagField.default(false),
  }),
  data: userInfo,
});

export const transferUserConfirm = defineCall({
  path: '/user/transferUserConfirm',
  method: 'POST',
  auth: 'session',
  summary:
    "Hand over everything the caller owns to another registered account, for good, in one transaction (docs/accounts.md): every lock (as /lock/transfer moves it) and every gateway (as /gateway/transfer moves it), the gateways still reaching the locks they reached, and the caller's groups of those locks recreated in the receiver's account. Confirmed with the caller's password and a validation code (type 9) sent to the caller's own account; nothingToTransfer when the caller owns no lock and no gateway. Answers how many locks and gateways moved.",
  params: z.object(transferConfirmation),
  data: z.object({ lockCount: z.number().int(), gatewayCount: z.number().int() }),
});

export const unregister = defineCall({
  path: '/user/unregister',
  method: 'POST',
  auth: 'session',
  summary:
    "Delete the caller's account for good, in one transaction (docs/accounts.md), confirmed with the password and a validation code (type 10) sent to the account's own mobile number or email address. Refused (accountOwnsDevices) while it owns a lock or a gateway: those go to someone first, so no door is left without a manager. The eKeys it holds end at once; every session and token ends; its groups, templates, balances and settings go; the credentials it issued on others' locks and the locks' records stay with those locks; its mobile number and email address are free to register again.",
  params: z.object({ password: password.min(1), validationCode }),
  data: emptyData,
});
