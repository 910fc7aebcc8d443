import { user } from '@smartlock/contract';
import { describe, expect, it } from 'vitest';
import { ownsDevices, transferAllParams, unregisterParams } from './accountEnd';

describe('the end of an account', () => {
  it('may not be deleted while it owns a lock or a gateway', () => {
    expect(ownsDevices({ locks: 0, gateways: 0 })).toBe(false);
    expect(ownsDevices({ locks: 1, gateways: 0 })).toBe(true);
    expect(ownsDevices({ locks: 0, gateways: 2 })).toBe(true);
  });

  it('sends parameters the contract accepts when handing everything over', () => {
    const params = transferAllParams({
      receiver: { kind: 'mobile', account: ' 412345678 ', countryCode: '+61' },
      password: 'Secret#2026',
      validationCode: ' 123456 ',
    });
    expect(params).toEqual({
      receiverUsername: '412345678',
      countryCode: '+61',
      password: 'Secret#2026',
      validationCode: '123456',
    });
    expect(user.transferUserConfirm.params.safeParse(params).success).toBe(true);
  });

  it('sends parameters the contract accepts when deleting, and none it refuses', () => {
    const params = unregisterParams({ password: 'Secret#2026', validationCode: ' 654321 ' });
    expect(params).toEqual({ password: 'Secret#2026', validationCode: '654321' });
    expect(user.unregister.params.safeParse(params).success).toBe(true);
    expect(user.unregister.params.safeParse({ ...params, password: '' }).success).toBe(false);
    expect(user.unregister.params.safeParse({ ...params, validationCode: '12ab56' }).success).toBe(false);
  });
});
