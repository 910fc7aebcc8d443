import { passcode } from '@smartlock/contract';
import { describe, expect, it } from 'vitest';
import { noticeParams, noticeReceiverVerdict } from './passcodeNotice';

describe("sending a passcode's notice", () => {
  it('checks the receiver for its channel', () => {
    expect(noticeReceiverVerdict('email', ' bo@example.com ', '+61').ok).toBe(true);
    expect(noticeReceiverVerdict('email', '412345678', '+61')).toEqual({ ok: false, error: 'invalidEmail' });
    expect(noticeReceiverVerdict('sms', '412 345 678', '+61').ok).toBe(true);
    expect(noticeReceiverVerdict('sms', 'bo@example.com', '+61')).toEqual({ ok: false, error: 'invalidMobile' });
  });
  it('sends the calling code with a mobile number only', () => {
    const sms = noticeParams(5, 'sms', ' 412345678 ', '61');
    expect(sms).toEqual({ keyboardPwdId: 5, channel: 'sms', receiver: '412345678', countryCode: '+61' });
    expect(passcode.sendNotice.params.safeParse(sms).success).toBe(true);
    const email = noticeParams(5, 'email', 'bo@example.com', '+61');
    expect(email).toEqual({ keyboardPwdId: 5, channel: 'email', receiver: 'bo@example.com' });
    expect(passcode.sendNotice.params.safeParse(email).success).toBe(true);
  });
  it('names the template only when one is chosen', () => {
    expect(noticeParams(5, 'email', 'bo@example.com', '+61', 9)).toEqual({
      keyboardPwdId: 5,
      channel: 'email',
      receiver: 'bo@example.com',
      templateId: 9,
    });
    expect(noticeParams(5, 'email', 'bo@example.com', '+61', undefined)).not.toHaveProperty('templateId');
  });
});
