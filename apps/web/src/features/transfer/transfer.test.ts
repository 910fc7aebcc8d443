import { gateway } from '@smartlock/contract';
import { describe, expect, it } from 'vitest';
import { ownAccountOf, transferParams } from './transfer';

describe('gateway transfer', () => {
  it("sends the code to the caller's own account, mobile first", () => {
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

  it('builds parameters the contract accepts, the country code only for a mobile number', () => {
    const byEmail = transferParams({
      gatewayIds: [3, 8],
      receiver: { kind: 'email', account: ' bo@example.com ', countryCode: '+61' },
      password: 'Secret#2026',
      validationCode: '123456',
    });
    expect(byEmail).toEqual({
      gatewayIdList: '3,8',
      receiverUsername: 'bo@example.com',
      countryCode: undefined,
      password: 'Secret#2026',
      validationCode: '123456',
    });
    expect(gateway.transfer.params.safeParse(byEmail).success).toBe(true);
    const byMobile = transferParams({
      gatewayIds: [3],
      receiver: { kind: 'mobile', account: '412345678', countryCode: '+61' },
      password: 'Secret#2026',
      validationCode: '654321',
    });
    expect(byMobile.countryCode).toBe('+61');
    expect(gateway.transfer.params.safeParse(byMobile).success).toBe(true);
  });
});
