import { type ErrorName, errorMessageKey, errorNameOf } from '@smartlock/contract';
import type { TFunction } from 'i18next';
import { CallFailure } from './client';
import type { Failure } from './interpret';

/** The text the console shows for a failure (spec section 8), with the HTTP status where there is one. */
export function failureMessage(t: TFunction, failure: Failure): string {
  switch (failure.kind) {
    case 'loginExpired':
      return t('errors.loginExpired');
    case 'noPermission':
      return t('errors.noPermission');
    case 'server':
      return failure.message || t('errors.operationFailed');
    case 'http':
      return `${t(`client.${failure.messageKey}`)} (${failure.status})`;
    case 'redirect':
      return t('client.redirectToLogin');
    case 'network':
      return t('client.networkError', { cause: failure.cause });
    case 'empty':
      return t('client.emptyReply');
  }
}

/** Any thrown value as a message: call failures through the catalogue, anything else as failed. */
export function errorText(t: TFunction, error: unknown): string {
  return error instanceof CallFailure ? failureMessage(t, error.failure) : t('errors.operationFailed');
}

/**
 * The message key of a catalogue error code carried inside a reply (a batch's per-item result,
 * an operation's end): the generic failure for no code or one the console does not know.
 */
export function errorCodeKey(errorCode: number): string {
  const name = errorNameOf(errorCode);
  return errorMessageKey(name && name !== 'success' ? name : 'operationFailed');
}

/** The translated message of a catalogue error code carried inside a reply. */
export function errorCodeText(t: TFunction, errorCode: number): string {
  return t(errorCodeKey(errorCode));
}

/** The catalogue name of the server error a call failed with, if it failed with one. */
export function serverErrorOf(error: unknown): ErrorName | undefined {
  return error instanceof CallFailure && error.failure.kind === 'server' ? errorNameOf(error.failure.code) : undefined;
}
