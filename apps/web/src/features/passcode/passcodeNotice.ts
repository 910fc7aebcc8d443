import { normalizeCountryCode, type Verdict, validateEmail, validateMobile } from '@smartlock/contract';
import type { NoticeChannel } from '../credentials/NoticeChannelField';

/** Whether a receiver can take a notice on a channel: an email address, or a mobile number with its calling code. */
export function noticeReceiverVerdict(channel: NoticeChannel, receiver: string, countryCode: string): Verdict {
  const value = receiver.trim();
  return channel === 'email' ? validateEmail(value) : validateMobile(value, countryCode);
}

/**
 * The parameters of /passcode/sendNotice: the calling code goes with a mobile number only, a
 * template only when one is chosen.
 */
export function noticeParams(
  keyboardPwdId: number,
  channel: NoticeChannel,
  receiver: string,
  countryCode: string,
  templateId?: number,
) {
  const base = { keyboardPwdId, channel, receiver: receiver.trim(), ...(templateId ? { templateId } : {}) };
  const code = channel === 'sms' ? normalizeCountryCode(countryCode) : undefined;
  return code ? { ...base, countryCode: code } : base;
}
