import { gateway, lock } from '@smartlock/contract';
import { describe, expect, it } from 'vitest';
import { gatewayTransferParams, lockTransferParams, ownAccountOf } from './transfer';

const confirmation = {
  password: 'Secret#2026',
  validationCode: ' 123456 ',
};

describe('transfers', () => {
  it("send the code to the caller's own account, mobile first", () => {
    expect(ownAccountOf({ mobile: '412345678', email: 'a@b.example', countryCode: '+61' })).toEqual({
      account: '412345678',
      countryCode: '+61',
    });
    expect(ownAccountOf({ mobile: '', email: 'a@b.example', countryCode: '+61' })).toEqual({
      account: 'a@b.example',
      countryCode: '',
    });
    expect(ownAccountOf({ mobile: '', email: '', countryCode: '' })).toBeUndefined();
  });

  it('of gateways build parameters the contract accepts, the country code only for a mobile number', () => {
    const byEmail = gatewayTransferParams({
      ...confirmation,
      gatewayIds: [3, 8],
      receiver: { kind: 'email', account: ' bo@example.com ', countryCode: '+61' },
    });
    expect(byEmail).toEqual({
      gatewayIdList: '3,8',
      receiverUsername: 'bo@example.com',
      countryCode: undefined,
      password: 'Secret#2026',
      validationCode: '123456',
    });
    expect(gateway.transfer.params.safeParse(byEmail).success).toBe(true);
    const byMobile = gatewayTransferParams({
      ...confirmation,
      gatewayIds: [3],
      receiver: { kind: 'mobile', account: '412345678', countryCode: '+61' },
    });
    expect(byMobile.countryCode).toBe('+61');
    expect(gateway.transfer.params.safeParse(byMobile).success).toBe(true);
  });

  it('of locks list the locks as "1,2" and pass the contract', () => {
    const params = lockTransferParams({
      ...confirmation,
      lockIds: [1, 2],
      receiver: { kind: 'mobile', account: '412345678', countryCode: '+61' },
    });
    expect(params).toEqual({
      lockIdList: '1,2',
      receiverUsername: '412345678',
      countryCode: '+61',
      password: 'Secret#2026',
      validationCode: '123456',
    });
    expect(lock.transfer.params.safeParse(params).success).toBe(true);
  });
});
