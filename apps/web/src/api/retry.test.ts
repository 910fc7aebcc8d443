import { describe, expect, it } from 'vitest';
import { CallFailure } from './client';
import { shouldRetry } from './retry';

describe('trying a failed read again', () => {
  it('tries again when no answer came, three times at most', () => {
    const network = new CallFailure({ kind: 'network', cause: 'offline' });
    expect(shouldRetry(0, network)).toBe(true);
    expect(shouldRetry(2, network)).toBe(true);
    expect(shouldRetry(3, network)).toBe(false);
    expect(shouldRetry(0, new CallFailure({ kind: 'http', status: 502, messageKey: 'http502' } as never))).toBe(true);
    expect(shouldRetry(0, new CallFailure({ kind: 'empty' }))).toBe(true);
  });

  it('shows a refusal the server gave at once', () => {
    expect(shouldRetry(0, new CallFailure({ kind: 'noPermission', code: -2018, message: 'No permission' }))).toBe(
      false,
    );
    expect(
      shouldRetry(0, new CallFailure({ kind: 'server', code: -3, message: 'Bad parameter', description: 'lockId' })),
    ).toBe(false);
    expect(shouldRetry(0, new CallFailure({ kind: 'loginExpired', code: -4, message: 'Login expired' }))).toBe(false);
    expect(shouldRetry(0, new CallFailure({ kind: 'http', status: 404, messageKey: 'http404' } as never))).toBe(false);
  });
});
