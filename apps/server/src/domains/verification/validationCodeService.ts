import { randomBytes, randomInt } from 'node:crypto';
import { type Locale, ValidationCodeChannel, ValidationCodeType } from '@smartlock/contract';
import type { Db, Executor } from '../../db/client';
import { ApiError } from '../../http/apiError';
import { translate } from '../../i18n';
import type { Messenger, Outgoing } from '../../messaging/messenger';
import { hmacHex, safeEqual } from '../../security/crypto';
import type { RateLimiter } from '../../security/rateLimit';
import type { SliderService } from './slider/sliderService';
import {
  countCodeTry,
  deleteCodesExpiredBefore,
  forgetCode,
  latestCode,
  spendCode,
  storeCode,
} from './verificationQueries';

export const VALIDATION_CODE = {
  ttlMs: 10 * 60_000,
  resendAfterMs: 60_000,
  maxTries: 5,
  perAccountPerDay: 10,
  /** Requests from one address per hour before the slider check is asked for. */
  perIpBeforeSlider: 5,
  perIpPerHour: 30,
} as const;

/** The account (email or E.164 mobile) and how a code reaches it. */
export interface CodeRecipient {
  account: string;
  kind: 'email' | 'mobile';
}

/**
 * What the recipient gets. A request that must not tell whether an account exists is answered
 * alike whatever it delivers: a code, a notice instead of a code, or nothing (no SMS is paid
 * for an unknown number). Each is throttled and stored alike, so the next request meets the
 * same wait; a notice or nothing stores a code no one can ever enter.
 */
export type Delivery =
  | { kind: 'code' }
  | { kind: 'notice'; notice: 'registerAttempt' | 'resetUnknown' }
  | { kind: 'nothing' };

export interface SendRequest {
  recipient: CodeRecipient;
  type: number;
  channel: number | undefined;
  /** The recipient's language. */
  locale: Locale;
  brandName: string;
  ip: string;
  sliderToken: string | undefined;
  delivery?: Delivery;
}

/**
 * Validation codes: six random digits, kept only as a keyed hash, valid ten minutes, five
 * tries, single use; sending is rate limited per account and per address. A request may
 * deliver a notice or nothing instead of the code (`Delivery`), answered and throttled alike.
 */
export class ValidationCodeService {
  constructor(
    private readonly db: Db,
    private readonly key: Buffer,
    private readonly limiter: RateLimiter,
    private readonly slider: SliderService,
    private readonly messenger: Messenger,
  ) {}

  private hash(account: string, type: number, code: string): string {
    return hmacHex(this.key, `${account}|${type}|${code}`);
  }

  async send(request: SendRequest): Promise<{ expiresIn: number; resendAfter: number }> {
    const { account } = request.recipient;
    const latest = await latestCode(this.db, [account], request.type);
    const wait = latest ? latest.createdAt.getTime() + VALIDATION_CODE.resendAfterMs - Date.now() : 0;
    if (wait > 0) throw new ApiError('validationCodeTooFrequent', { count: Math.ceil(wait / 1000) });

    const perIp = await this.limiter.hit(`code:ip:${request.ip}`, 3_600_000);
    if (perIp.count > VALIDATION_CODE.perIpPerHour) throw new ApiError('tooManyRequests');
    if (perIp.count > VALIDATION_CODE.perIpBeforeSlider && !(await this.slider.consumeToken(request.sliderToken))) {
      throw new ApiError('sliderRequired');
    }
    const perAccount = await this.limiter.hit(`code:account:${account}`, 86_400_000);
    if (perAccount.count > VALIDATION_CODE.perAccountPerDay) throw new ApiError('tooManyRequests');

    const delivery = request.delivery ?? { kind: 'code' };
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const channel =
      request.recipient.kind === 'email' ? 'email' : request.channel === ValidationCodeChannel.voice ? 'voice' : 'sms';
    const stored = await storeCode(this.db, {
      account,
      type: request.type,
      channel,
      // Without a code to deliver, what is kept matches no code anyone can enter.
      codeHash:
        delivery.kind === 'code'
          ? this.hash(account, request.type, code)
          : this.hash(account, request.type, randomBytes(32).toString('hex')),
      expiresAt: new Date(Date.now() + VALIDATION_CODE.ttlMs),
    });
    const outgoing = this.messageFor(delivery, channel, { ...request, code });
    try {
      if (outgoing) await this.messenger.send(outgoing);
    } catch {
      // Undelivered: forget the code so the user may ask again at once.
      if (stored !== undefined) await forgetCode(this.db, stored);
      throw new ApiError('operationFailed', {}, 'the validation code could not be delivered');
    }
    return { expiresIn: VALIDATION_CODE.ttlMs / 1000, resendAfter: VALIDATION_CODE.resendAfterMs / 1000 };
  }

  /** The message a delivery sends, if any: the code (written or read out), or a notice (a notice goes by SMS, not by voice). */
  private messageFor(
    delivery: Delivery,
    channel: 'email' | 'sms' | 'voice',
    request: SendRequest & { code: string },
  ): Outgoing | undefined {
    const { locale } = request;
    const recipient = request.recipient.account;
    const metadata = { type: request.type };
    if (delivery.kind === 'nothing') return undefined;
    if (delivery.kind === 'notice') {
      const params = { brand: request.brandName };
      const email = channel === 'email';
      const body =
        delivery.notice === 'registerAttempt'
          ? email
            ? 'notices.registerAttemptBody'
            : 'notices.registerAttemptSms'
          : 'notices.resetUnknownBody';
      return {
        channel: email ? 'email' : 'sms',
        recipient,
        subject: email ? translate(locale, `notices.${delivery.notice}Subject`, params) : '',
        body: translate(locale, body, params),
        locale,
        kind: delivery.notice === 'registerAttempt' ? 'registerAttemptNotice' : 'resetUnknownNotice',
        metadata,
      };
    }
    const params = { brand: request.brandName, code: request.code, count: VALIDATION_CODE.ttlMs / 60_000 };
    return {
      channel,
      recipient,
      subject: channel === 'email' ? translate(locale, 'notices.validationCodeSubject', params) : '',
      body: translate(
        locale,
        channel === 'voice' ? 'notices.validationCodeVoice' : 'notices.validationCodeBody',
        params,
      ),
      locale,
      kind: 'validationCode',
      metadata,
    };
  }

  /**
   * Checks a code against the latest one sent to the account for this purpose. A wrong try
   * counts even when the surrounding change fails, so it is recorded outside any transaction.
   * Only the holder of the right code learns more than "wrong": that it expired, was used or
   * was tried too often. To anyone else every refusal reads the same, so a stranger cannot
   * tell whether a code was ever sent or an account exists. Returns the code's id, to be spent
   * with `consume` inside the change's transaction.
   */
  async check(account: string, type: number, code: string): Promise<number> {
    const latest = await latestCode(this.db, [account], type);
    if (!latest) throw new ApiError('validationCodeWrong');
    const right = safeEqual(latest.codeHash, this.hash(account, type, code));
    // Every try on a live code counts, right or wrong, atomically: a burst of guesses gets no more than maxTries.
    const counted = await countCodeTry(this.db, latest.id, VALIDATION_CODE.maxTries);
    if (!right) throw new ApiError('validationCodeWrong');
    if (!counted) {
      if (latest.consumedAt) throw new ApiError('validationCodeUsed');
      if (latest.attempts >= VALIDATION_CODE.maxTries) throw new ApiError('validationCodeTooManyTries');
      if (latest.expiresAt.getTime() <= Date.now()) throw new ApiError('validationCodeExpired');
      throw new ApiError('validationCodeUsed');
    }
    return latest.id;
  }

  /**
   * Checks a code sent to one of an account's own addresses (email or mobile): the latest one
   * sent for this purpose counts.
   */
  async checkOwn(addresses: string[], type: number, code: string): Promise<number> {
    const latest = addresses.length ? await latestCode(this.db, addresses, type) : undefined;
    return this.check(latest?.account ?? addresses[0] ?? '', type, code);
  }

  /** Spends a checked code inside the transaction of the change it authorises. */
  async consume(tx: Executor, id: number): Promise<void> {
    if (!(await spendCode(tx, id))) throw new ApiError('validationCodeUsed');
  }

  async prune(): Promise<void> {
    await deleteCodesExpiredBefore(this.db, new Date(Date.now() - 86_400_000));
  }
}

/** Code types that act on an existing, logged-in account. */
export const SESSION_CODE_TYPES: ReadonlySet<number> = new Set([
  ValidationCodeType.bindMobile,
  ValidationCodeType.bindEmail,
  ValidationCodeType.transferLock,
  ValidationCodeType.unregister,
  ValidationCodeType.changeAccount,
]);
