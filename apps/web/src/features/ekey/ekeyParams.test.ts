import { ekey, ValidityType } from '@smartlock/contract';
import { describe, expect, it } from 'vitest';
import { newValidity } from '../credentials/validity';
import { grantParams, receiverParams, recipientQuestion, sendParams, updateParams } from './ekeyParams';

const NOW = Date.UTC(2026, 2, 3, 8, 0);
const grant = {
  validity: { ...newValidity(NOW), type: ValidityType.limited },
  keyName: '  Front door ',
  remarks: '',
  remoteEnable: true,
  authorizedAdmin: false,
};

describe('sending an eKey', () => {
  it('builds /ekey/send parameters the contract accepts', () => {
    const params = sendParams({
      lockId: 12,
      receiver: { kind: 'mobile', account: ' 412345678 ', countryCode: '+61' },
      createUser: false,
      grant,
    });
    expect(params).toEqual({
      lockId: 12,
      receiverUsername: '412345678',
      countryCode: '+61',
      createUser: false,
      validityType: 2,
      startDate: NOW,
      endDate: NOW + 7 * 86_400_000,
      keyName: 'Front door',
      remarks: undefined,
      remoteEnable: true,
      keyRight: 0,
    });
    const parsed = ekey.send.params.safeParse(params);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({ remoteEnable: true, keyRight: 0, createUser: false });
  });

  it('sends the calling code with a mobile number only, and the admin flag as keyRight 1', () => {
    expect(receiverParams({ kind: 'email', account: 'bo@example.com', countryCode: '+61' })).toEqual({
      receiverUsername: 'bo@example.com',
    });
    expect(grantParams({ ...grant, authorizedAdmin: true }).keyRight).toBe(1);
    const unregistered = sendParams({
      lockId: 1,
      receiver: { kind: 'email', account: 'new@example.com', countryCode: '' },
      createUser: true,
      grant,
    });
    expect(ekey.send.params.safeParse(unregistered).data?.createUser).toBe(true);
  });

  it('asks about the recipient when the server wants a calling code or a confirmation', () => {
    expect(recipientQuestion('recipientNeedsCountryCode')).toBe('countryCode');
    expect(recipientQuestion('recipientNotRegistered')).toBe('unregistered');
    expect(recipientQuestion('ekeyExists')).toBeUndefined();
    expect(recipientQuestion(undefined)).toBeUndefined();
  });

  it('updates only what changed', () => {
    const before = { keyName: 'A', remarks: 'r', remoteEnable: false };
    expect(updateParams(4, before, { keyName: ' A ', remarks: 'r', remoteEnable: true })).toEqual({
      keyId: 4,
      remoteEnable: true,
    });
    const all = updateParams(4, before, { keyName: 'B', remarks: '', remoteEnable: false });
    expect(all).toEqual({ keyId: 4, keyName: 'B', remarks: '' });
    expect(ekey.update.params.safeParse(all).success).toBe(true);
  });
});
