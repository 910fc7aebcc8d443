import { ErrorCode } from '@smartlock/contract';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { CallFailure } from './client';
import { errorCodeKey, errorCodeText, errorText, serverErrorOf } from './failureMessage';

const t = ((key: string) => `«${key}»`) as unknown as TFunction;

describe('error codes inside replies', () => {
  it('translate through the catalogue, unknown and zero codes as the generic failure', () => {
    expect(errorCodeKey(ErrorCode.ekeyExists)).toBe('errors.ekeyExists');
    expect(errorCodeKey(ErrorCode.recipientNotRegistered)).toBe('errors.recipientNotRegistered');
    expect(errorCodeKey(0)).toBe('errors.operationFailed');
    expect(errorCodeKey(123_456)).toBe('errors.operationFailed');
    expect(errorCodeText(t, ErrorCode.passcodeExists)).toBe('«errors.passcodeExists»');
  });
  it('name the server error a call failed with', () => {
    const failure = new CallFailure({
      kind: 'server',
      code: ErrorCode.recipientNeedsCountryCode,
      message: 'Choose a country code',
      description: '',
    });
    expect(serverErrorOf(failure)).toBe('recipientNeedsCountryCode');
    expect(serverErrorOf(new CallFailure({ kind: 'network', cause: 'offline' }))).toBeUndefined();
    expect(serverErrorOf(new Error('x'))).toBeUndefined();
    expect(errorText(t, failure)).toBe('Choose a country code');
  });
});
