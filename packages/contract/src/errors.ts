/**
 * Spec section 8: the error catalogue. Every reply's errorCode is one of these; each has the
 * HTTP status the server answers with and the message key both sides translate
 * (`messages/<locale>.json`, namespace "errors"). The set is closed: the server can only throw
 * a name from this table, so the console's mapping is exhaustive.
 */

interface ErrorDefinition {
  readonly code: number;
  readonly http: number;
}

export const ERRORS = {
  success: { code: 0, http: 200 },
  operationFailed: { code: 1, http: 500 },
  badParameter: { code: -3, http: 400 },
  loginExpired: { code: -4, http: 401 },
  notLoggedIn: { code: -2000, http: 401 },
  noPermission: { code: -2018, http: 403 },
  notFound: { code: -1003, http: 404 },
  serverError: { code: 90000, http: 500 },
  payloadTooLarge: { code: 90001, http: 413 },
  /** The database is out of reach for a moment (restarting, failing over): worth trying again. */
  serviceUnavailable: { code: 90003, http: 503 },
  unsupportedContentType: { code: 90002, http: 415 },
  /** A state-changing call with the session cookie that did not come from the console's own origin. */
  crossOriginRefused: { code: 90004, http: 403 },
  /** A name or remark with control characters, line breaks in a name, or text-direction overrides. */
  invalidCharacters: { code: -3005, http: 400 },

  // The signed envelope.
  unknownApp: { code: 10000, http: 403 },
  badSignature: { code: 10001, http: 403 },
  staleTimestamp: { code: 80000, http: 403 },
  replayedRequest: { code: 80001, http: 403 },

  // Accounts and sessions.
  wrongAccountOrPassword: { code: 10007, http: 400 },
  tooManyRequests: { code: 30006, http: 429 },
  /** An `Authorization: Bearer slk_...` key that is unknown or revoked (docs/integrations.md). */
  apiKeyInvalid: { code: 30040, http: 401 },
  /** A call outside the API key's scopes, or one no key may make (accounts, sessions, payments, keys). */
  apiKeyScope: { code: 30041, http: 403 },
  /** The account holds API_KEYS_PER_ACCOUNT_MAX live keys already. */
  apiKeyLimit: { code: 30042, http: 409 },
  accountLocked: { code: 30007, http: 429 },
  /** Repeated failed logins from one address on one account: the next try waits (the seconds left). */
  tryAgainLater: { code: 30008, http: 429 },
  accountExists: { code: 30003, http: 409 },
  accountNotRegistered: { code: 30004, http: 404 },
  recipientNotRegistered: { code: -4064, http: 404 },
  invalidMobile: { code: 30010, http: 400 },
  invalidEmail: { code: 30011, http: 400 },
  accountFormatError: { code: 30012, http: 400 },
  accountTypeNotSupported: { code: 30013, http: 400 },
  passwordLength: { code: 30014, http: 400 },
  passwordTooSimple: { code: 30015, http: 400 },
  passwordIllegalCharacters: { code: 30016, http: 400 },
  passwordsDoNotMatch: { code: 30017, http: 400 },
  wrongPasswordConfirmation: { code: 30018, http: 400 },
  agreementNotTicked: { code: 30019, http: 400 },
  sameAsCurrentAccount: { code: 30020, http: 400 },
  cannotUnbindOnlyAccount: { code: 30026, http: 400 },
  /** Unregistering while the account still owns locks or gateways (TTLock's -4063): they go to someone first. */
  accountOwnsDevices: { code: -4063, http: 409 },
  /** Transferring everything (/user/transferUserConfirm) from an account that owns no lock and no gateway. */
  nothingToTransfer: { code: 30027, http: 409 },
  validationCodeWrong: { code: 30021, http: 400 },
  validationCodeExpired: { code: 30022, http: 400 },
  validationCodeUsed: { code: 30023, http: 400 },
  validationCodeTooManyTries: { code: 30024, http: 429 },
  validationCodeTooFrequent: { code: 30025, http: 429 },
  sliderRequired: { code: 30030, http: 400 },
  sliderFailed: { code: 30031, http: 400 },
  sliderExpired: { code: 30032, http: 400 },

  // Locks, gateways and credentials (sections 5 and 8).
  lockIdInvalid: { code: -1004, http: 400 },
  remoteUnlockNotEnabled: { code: -4043, http: 400 },
  lockNotConnectedToGateway: { code: -2012, http: 409 },
  lockDidNotRespond: { code: -2013, http: 504 },
  lockRejectedOperation: { code: -2014, http: 409 },
  operationNotSupported: { code: -2015, http: 400 },
  passagePeriodsOverlap: { code: -3025, http: 400 },
  groupNameExists: { code: -3060, http: 409 },
  lockAlreadyAdded: { code: -1005, http: 409 },
  gatewayAlreadyAdded: { code: -4038, http: 409 },
  lowVersionPasscode: { code: -1007, http: 409 },
  autoLockTimeInvalid: { code: -4082, http: 400 },
  eKeyCredentialMaxAgeInvalid: { code: -4083, http: 400 },
  startNotBeforeEnd: { code: -3020, http: 400 },
  endInPast: { code: -3021, http: 400 },
  passcodeValidityTooLong: { code: -3022, http: 400 },
  passcodeLongValidityAlignment: { code: -3023, http: 400 },
  passcodeStartTooEarly: { code: -3024, http: 400 },
  validityBeyondEditor: { code: -3039, http: 400 },
  passcodeLengthInvalid: { code: -3006, http: 400 },
  templateTooLong: { code: -3030, http: 400 },
  templateSpecialCharacters: { code: -3031, http: 400 },
  templateMissingPlaceholders: { code: -3032, http: 400 },
  templatePlaceholderUnknown: { code: -3033, http: 400 },
  templateNotFound: { code: -3034, http: 404 },
  templateNameExists: { code: -3035, http: 409 },
  photoFormat: { code: -3040, http: 400 },
  photoTooLarge: { code: -3041, http: 413 },
  /** A face photo breaks a rule (one clear frontal face, plain background); the message says which ({{reason}}). */
  photoRequirement: { code: -3042, http: 400 },
  idNumberFormat: { code: -3043, http: 400 },
  remarkInvalid: { code: -3044, http: 400 },
  selectAtLeastOneLock: { code: -3050, http: 400 },
  selectAtLeastOneGroup: { code: -3051, http: 400 },
  selectAtLeastOneTimePeriod: { code: -3052, http: 400 },
  selectAtLeastOneExportType: { code: -3053, http: 400 },
  exportWindowExceeded: { code: -3054, http: 400 },
  maximumExportCountExceeded: { code: -3055, http: 400 },
  recipientNeedsCountryCode: { code: -3056, http: 400 },
  /** An access question's range longer than ACCESS_WINDOW_MAX_DAYS (docs/governance.md). */
  accessWindowExceeded: { code: -3057, http: 400 },
  /** A revoke-all job for a person on more than REVOKE_JOB_LOCKS_MAX locks (docs/governance.md). */
  revokeAllTooManyLocks: { code: -3058, http: 400 },
  ekeyExists: { code: -4067, http: 409 },
  ekeyNotFound: { code: -4068, http: 404 },
  ekeyStateConflict: { code: -4069, http: 409 },
  passcodeNotFound: { code: -3008, http: 404 },
  passcodeExists: { code: -3007, http: 409 },
  passcodeCapacityReached: { code: -3009, http: 409 },
  passcodeStartTooFar: { code: -3026, http: 400 },
  passcodeNotChangeable: { code: -3027, http: 400 },
  credentialNotFound: { code: -3080, http: 404 },
  credentialExists: { code: -3081, http: 409 },
  credentialBusy: { code: -3082, http: 409 },
  fingerprintBalanceEmpty: { code: -5020, http: 402 },
  faceAuthContactAdmin: { code: -5021, http: 403 },
  smsBalanceEmpty: { code: -5022, http: 402 },
  emailBalanceEmpty: { code: -5023, http: 402 },
  faceIdentifyBalanceEmpty: { code: -5024, http: 402 },
  faceIdentificationRequired: { code: -5025, http: 403 },

  // Webhooks (docs/integrations.md).
  /** A webhook address this server will not send to (scheme, or a local or private host where not allowed). */
  webhookUrlNotAllowed: { code: -6001, http: 400 },
  /** The account already has WEBHOOK_ENDPOINTS_MAX endpoints ({{count}}). */
  tooManyWebhooks: { code: -6002, http: 409 },

  // Stays (docs/stays.md).
  /** A calendar feed address this server will not read (scheme, or a local or private host where not allowed). */
  stayFeedUrlNotAllowed: { code: -6101, http: 400 },
  /** A lock or group has STAY_FEEDS_PER_TARGET_MAX feeds, or the account STAY_FEEDS_PER_ACCOUNT_MAX ({{max}}). */
  tooManyStayFeeds: { code: -6102, http: 409 },
  /** The same guest (email, phone, else name) already has a stay at the lock overlapping this one ({{other}}). */
  stayGuestOverlap: { code: -6103, http: 409 },
  /** An offline code whose start is more than 24 hours past: it must be used within 24 hours of it, so it is dead. */
  offlineCodeExpired: { code: -6104, http: 400 },

  // Paid services, orders and payments.
  paymentFailed: { code: -5001, http: 402 },
  paymentCancelled: { code: -5002, http: 402 },
  orderNotPaid: { code: -5003, http: 402 },
  orderNotFound: { code: -5004, http: 404 },
  orderStateConflict: { code: -5005, http: 409 },
  refundWindowPassed: { code: -5006, http: 409 },
  refundUnitsUsed: { code: -5007, http: 409 },
  paymentMethodUnavailable: { code: -5008, http: 400 },
  packageNotOffered: { code: -5009, http: 400 },
  advancedFunctionRequired: { code: -5010, http: 402 },
  advancedFunctionOwnerOnly: { code: -5011, http: 403 },
  vipTrialUsed: { code: -5012, http: 409 },
  vipTierTooSmall: { code: -5013, http: 400 },
  advancedFunctionLockLimit: { code: -5014, http: 402 },
  paidFeaturesUnavailable: { code: -5015, http: 403 },
  unlockLinkInvalid: { code: -3070, http: 410 },
  /** A stay's guest link that is unknown, revoked (stay cancelled, new link) or past the stay's window. */
  stayLinkInvalid: { code: -3071, http: 410 },
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorName = keyof typeof ERRORS;

export const ErrorCode = Object.fromEntries(Object.entries(ERRORS).map(([name, def]) => [name, def.code])) as {
  readonly [K in ErrorName]: (typeof ERRORS)[K]['code'];
};

const BY_CODE = new Map<number, ErrorName>(
  (Object.keys(ERRORS) as ErrorName[]).map((name) => [ERRORS[name].code, name]),
);

/** The catalogue entry for a code received from the server, if it is one of ours. */
export function errorNameOf(code: number): ErrorName | undefined {
  return BY_CODE.get(code);
}

/** The message key of an error in the "errors" namespace. */
export function errorMessageKey(name: ErrorName): string {
  return `errors.${name}`;
}

/** Both codes that mean the session is gone (spec: -4 or -2000). */
export function isLoginExpired(code: number): boolean {
  return code === ERRORS.loginExpired.code || code === ERRORS.notLoggedIn.code;
}

/**
 * Messages the console shows for conditions that have no server code: HTTP statuses, an empty
 * reply, local device driver problems, browser refusals (section 8).
 */
export const CLIENT_MESSAGES = [
  'networkError',
  'redirectToLogin',
  'http400',
  'http403',
  'http408',
  'http500',
  'http614',
  'emptyReply',
  'deviceDriverNotFound',
  'deviceNotFound',
  'deviceConnectionFailed',
  'deviceOccupied',
  'webSocketPluginTooLow',
  'popupBlocked',
  'downloadFailed',
  'copyFailed',
  'invalidUrl',
] as const;

export type ClientMessage = (typeof CLIENT_MESSAGES)[number];
