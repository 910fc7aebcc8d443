import { DEFAULT_LOCALE, ERRORS, type ErrorName, errorMessageKey, errorNameOf } from '@smartlock/contract';
import { ApiError } from '../../http/apiError';
import { translate } from '../../i18n';

/**
 * The open API's own refusals, with TTLock's codes and its English messages (TTLock answers
 * developers in English, whatever the account's language; docs/ttlock-compat.md).
 */
export const OPEN_API_ERRORS = {
  badParameter: { errcode: -3, errmsg: 'Invalid Parameter.' },
  noPermission: { errcode: -2018, errmsg: 'Permission Denied.' },
  unknownClient: { errcode: 10000, errmsg: 'invalid client_id' },
  badClientSecret: { errcode: 10001, errmsg: 'invalid client' },
  unknownToken: { errcode: 10003, errmsg: 'invalid token' },
  tokenExpired: { errcode: 10004, errmsg: 'invalid grant' },
  badAccountOrPassword: { errcode: 10007, errmsg: 'invalid account or invalid password' },
  badRefreshToken: { errcode: 10011, errmsg: 'invalid refresh_token' },
  passwordNotMd5: { errcode: 30005, errmsg: 'password must be md5 encrypted' },
  tooFrequent: { errcode: 30006, errmsg: 'request too frequent' },
  staleDate: { errcode: 80000, errmsg: 'date must be current time, in 5 minutes' },
  badJson: { errcode: 80002, errmsg: 'invalid JSON format' },
  serverError: { errcode: 90000, errmsg: 'internal server error' },
} as const;

export type OpenApiErrorName = keyof typeof OPEN_API_ERRORS;

/** A refusal in TTLock's form: `errcode`, `errmsg`, and for developers `description`. */
export class OpenApiError extends Error {
  readonly errcode: number;
  readonly errmsg: string;
  constructor(
    name: OpenApiErrorName,
    readonly description = '',
  ) {
    super(`${name}${description ? `: ${description}` : ''}`);
    this.errcode = OPEN_API_ERRORS[name].errcode;
    this.errmsg = OPEN_API_ERRORS[name].errmsg;
  }
}

export interface OpenApiFailure {
  errcode: number;
  errmsg: string;
  description: string;
}

/** What TTLock answers an action that went through. */
export const DONE = { errcode: 0, errmsg: 'none error message', description: '' } as const;

/**
 * The catalogue's errors in TTLock's form: the catalogue's codes are TTLock's already (-2018 no
 * permission, -4043 remote unlock off, -2012 no gateway...), the message is its English text. A
 * refusal carries no detail (it would tell a stranger whether the object exists).
 */
export function failureOfCatalogue(name: ErrorName, params: Record<string, string | number>, detail: string) {
  return {
    errcode: ERRORS[name].code,
    errmsg: translate(DEFAULT_LOCALE, errorMessageKey(name), params),
    description: name === 'noPermission' ? '' : detail,
  };
}

/** Any failure of a call as TTLock's reply body; undefined for the unexpected (a server error, logged by the caller). */
export function failureOf(error: unknown): OpenApiFailure | undefined {
  if (error instanceof OpenApiError) {
    return { errcode: error.errcode, errmsg: error.errmsg, description: error.description };
  }
  if (error instanceof ApiError) return failureOfCatalogue(error.errorName, error.params, error.publicDetail);
  return undefined;
}

/** A failed remote operation's catalogue code as TTLock's reply. */
export function failureOfCode(errorCode: number): OpenApiFailure {
  return failureOfCatalogue(errorNameOf(errorCode) ?? 'operationFailed', {}, '');
}
