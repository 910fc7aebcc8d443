import {
  type Account,
  callingCodeOfMobile,
  countryForCallingCode,
  countryOfMobile,
  DEFAULT_COUNTRY_CODE,
  type Locale,
  normalizeCountryCode,
  parseAccount,
  resolveLocale,
  toE164,
  ValidationCodeType,
  validateAccountTypeForBrand,
  validateAgreement,
  validateEmail,
  validatePassword,
} from '@smartlock/contract';
import type { Db } from '../../db/client';
import { orConflict } from '../../db/conflict';
import { ApiError, assertVerdict } from '../../http/apiError';
import type { SessionStore } from '../../http/session';
import { hashPassword, hashPasswords, md5Hex, verifyPassword } from '../../security/password';
import type { RateLimiter } from '../../security/rateLimit';
import type { Brand } from '../company/brands';
import { revokeTokensOfUser } from '../openApi/openApiTokenQueries';
import type { SliderService } from '../verification/slider/sliderService';
import { type Delivery, SESSION_CODE_TYPES, type ValidationCodeService } from '../verification/validationCodeService';
import {
  clearIdentifier,
  findUserByAccount,
  findUserById,
  insertUser,
  revokeOtherSessions,
  setOpenApiPasswordHash,
  type UserRow,
  updatePasswordHash,
  updateUser,
} from './userQueries';

export const LOGIN_LIMITS = {
  windowMs: 15 * 60_000,
  /**
   * Failed logins on one account, from any address, before the slider check is asked for. The
   * account itself is never locked: a stranger's failures cannot keep its owner out.
   */
  failuresBeforeSlider: 3,
  /**
   * Failed logins on one account from one address: the first ones go at once, then each try
   * waits, 30 s doubling up to 15 minutes; a success forgets them.
   */
  perAddress: { free: 5, firstMs: 30_000, maxMs: 15 * 60_000 },
  /** Login attempts from one address per window. */
  perIp: 50,
  /** Wrong passwords at the password check, per user per window. */
  checkFailures: 5,
} as const;

/**
 * Registrations and password resets (the calls that take a validation code), per window: from
 * one address, and for one account.
 */
export const CODE_USE_LIMITS = {
  windowMs: 15 * 60_000,
  perIp: 20,
  perAccount: 20,
} as const;

export interface Caller {
  ip: string;
  userAgent: string;
  appId: string;
  brand: Brand;
  /** The language the caller uses: messages to the account are written in it from now on. */
  locale: Locale;
}

/** The lock-out error, with the minutes left until the window ends. */
function lockedUntil(resetAt: number): ApiError {
  return new ApiError('accountLocked', { count: Math.max(1, Math.ceil((resetAt - Date.now()) / 60_000)) });
}

/** The back-off error: the seconds left up to a minute and a half, else the minutes. */
function waitFor(waitMs: number): ApiError {
  return waitMs <= 90_000
    ? new ApiError('tryAgainLater', { count: Math.max(1, Math.ceil(waitMs / 1000)) })
    : new ApiError('accountLocked', { count: Math.ceil(waitMs / 60_000) });
}

const failuresKey = (account: Account) => `login:fail:${account.value}`;
const pairKey = (account: Account, ip: string) => `login:pair:${account.value}|${ip}`;

/** Reads an account or throws the rule's error. */
export function accountOf(input: string, countryCode: string | undefined): Account {
  const parsed = parseAccount(input, countryCode);
  if (!parsed.ok) {
    assertVerdict(parsed.verdict, 'account');
    throw new ApiError('accountFormatError');
  }
  return parsed.account;
}

function callingCodeOf(countryCode: string | undefined): string {
  const code = normalizeCountryCode(countryCode ?? DEFAULT_COUNTRY_CODE);
  if (!code || !countryForCallingCode(code)) throw new ApiError('badParameter', {}, 'countryCode');
  return code;
}

/** Registration, login, sessions and passwords. */
export class AccountService {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionStore,
    private readonly codes: ValidationCodeService,
    private readonly slider: SliderService,
    private readonly limiter: RateLimiter,
  ) {}

  /**
   * Creates an account. The code is checked first, so a caller who does not hold the code sent
   * to the address only ever hears "wrong validation code"; "already registered" is said only to
   * one who proved the address.
   */
  async register(
    input: {
      account: string;
      countryCode?: string | undefined;
      password: string;
      validationCode: string;
      agreement: boolean;
      nickname?: string | undefined;
    },
    caller: Caller,
  ): Promise<UserRow> {
    await this.limitCodeUse(caller.ip);
    const callingCode = callingCodeOf(input.countryCode);
    const account = accountOf(input.account, callingCode);
    await this.limitCodeUse(caller.ip, account);
    assertVerdict(validateAccountTypeForBrand(account, caller.brand.accountType), 'account');
    assertVerdict(validatePassword(input.password), 'password');
    assertVerdict(validateAgreement(input.agreement), 'agreement');
    const codeId = await this.codes.check(account.value, ValidationCodeType.register, input.validationCode);
    if (await findUserByAccount(this.db, account)) throw new ApiError('accountExists');
    const hashes = await hashPasswords(input.password);
    const countryId =
      (account.type === 'mobile' ? countryOfMobile(account.value) : undefined) ??
      countryForCallingCode(callingCode) ??
      'AU';
    return orConflict(
      () =>
        this.db.transaction(async (tx) => {
          await this.codes.consume(tx, codeId);
          return insertUser(tx, {
            email: account.type === 'email' ? account.value : null,
            mobile: account.type === 'mobile' ? account.value : null,
            countryId,
            countryCode: (account.type === 'mobile' ? callingCodeOfMobile(account.value) : undefined) ?? callingCode,
            nickname: input.nickname || defaultNickname(account),
            ...hashes,
            packageName: caller.brand.packageName,
            locale: caller.locale,
          });
        }),
      'accountExists',
    );
  }

  /** Registrations and resets from one address, or for one account, are limited per window. */
  private async limitCodeUse(ip: string, account?: Account): Promise<void> {
    const key = account ? `codeuse:account:${account.value}` : `codeuse:ip:${ip}`;
    const limit = account ? CODE_USE_LIMITS.perAccount : CODE_USE_LIMITS.perIp;
    const { count } = await this.limiter.hit(key, CODE_USE_LIMITS.windowMs);
    if (count > limit) throw new ApiError('tooManyRequests');
  }

  /**
   * Logs in. Failures are counted per account (from any address: the slider check is asked for
   * after a few, the account is never locked) and per account and address (the first few go at
   * once, then each try waits longer). A stranger's failures from elsewhere never keep the owner
   * out; the owner's own address meets growing waits only after its own failures.
   */
  async login(
    input: { account: string; countryCode?: string | undefined; password: string; sliderToken?: string | undefined },
    caller: Caller,
  ): Promise<{ user: UserRow; token: string; expiresIn: number }> {
    const account = accountOf(input.account, input.countryCode);
    await this.limitAddress(caller.ip);
    const pair = pairKey(account, caller.ip);
    // Said before the slider is asked for, so no solved slider is spent on a try that must wait.
    const wait = await this.limiter.waitOf(pair, LOGIN_LIMITS.perAddress);
    if (wait > 0) throw waitFor(wait);
    const failures = await this.limiter.peek(failuresKey(account), LOGIN_LIMITS.windowMs);
    if (failures.count >= LOGIN_LIMITS.failuresBeforeSlider && !(await this.slider.consumeToken(input.sliderToken))) {
      throw new ApiError('sliderRequired');
    }
    const claimed = await this.limiter.claim(pair, LOGIN_LIMITS.perAddress);
    if (!claimed.ok) throw waitFor(claimed.waitMs);
    const user = await findUserByAccount(this.db, account);
    const valid = await verifyPassword(user?.passwordHash, input.password);
    if (!user || !valid) {
      await this.limiter.hit(failuresKey(account), LOGIN_LIMITS.windowMs);
      throw new ApiError('wrongAccountOrPassword');
    }
    await Promise.all([this.limiter.reset(failuresKey(account)), this.limiter.reset(pair)]);
    // A password set before the open API existed: its MD5's hash, now that the password is known.
    if (!user.openApiPasswordHash) {
      await setOpenApiPasswordHash(this.db, user.id, await hashPassword(md5Hex(input.password)));
    }
    return this.openSession(user, caller);
  }

  private async openSession(user: UserRow, caller: Caller) {
    if (user.locale !== caller.locale) await updateUser(this.db, user.id, { locale: caller.locale });
    const session = await this.sessions.create(this.db, {
      userId: user.id,
      appId: caller.appId,
      ip: caller.ip,
      userAgent: caller.userAgent,
    });
    return { user, ...session };
  }

  /** Login attempts from one address are limited per window. */
  private async limitAddress(ip: string): Promise<void> {
    const perIp = await this.limiter.hit(`login:ip:${ip}`, LOGIN_LIMITS.windowMs);
    if (perIp.count > LOGIN_LIMITS.perIp) throw new ApiError('tooManyRequests');
  }

  /** A new session for the owner of a live token (handed over by another app of the account). */
  async loginByAccessToken(
    token: string,
    caller: Caller,
  ): Promise<{ user: UserRow; token: string; expiresIn: number }> {
    await this.limitAddress(caller.ip);
    const session = await this.sessions.resolve(token);
    const user = await findUserById(this.db, session.userId);
    if (!user) throw new ApiError('loginExpired');
    return this.openSession(user, caller);
  }

  async logout(sessionId: number): Promise<void> {
    await this.sessions.revoke(this.db, sessionId);
  }

  /**
   * Sets a new password with the reset code. The code is checked first, as for registration: a
   * caller without it only ever hears "wrong validation code", whether or not the account exists.
   */
  async resetPassword(
    input: {
      account: string;
      countryCode?: string | undefined;
      validationCode: string;
      password: string;
    },
    caller: Pick<Caller, 'ip'>,
  ) {
    await this.limitCodeUse(caller.ip);
    const account = accountOf(input.account, input.countryCode);
    await this.limitCodeUse(caller.ip, account);
    assertVerdict(validatePassword(input.password), 'password');
    const codeId = await this.codes.check(account.value, ValidationCodeType.resetPassword, input.validationCode);
    const user = await findUserByAccount(this.db, account);
    if (!user) throw new ApiError('accountNotRegistered');
    const hashes = await hashPasswords(input.password);
    await this.db.transaction(async (tx) => {
      await this.codes.consume(tx, codeId);
      await updatePasswordHash(tx, user.id, hashes);
      await this.sessions.revokeAllOf(tx, user.id);
      await revokeTokensOfUser(tx, user.id);
    });
    await Promise.all([this.limiter.reset(failuresKey(account)), this.limiter.reset(pairKey(account, caller.ip))]);
  }

  /** Confirms the logged-in user's password; repeated failures lock the check for a while. */
  async checkPassword(userId: number, password: string): Promise<void> {
    const key = `checkpw:fail:${userId}`;
    const failures = await this.limiter.peek(key, LOGIN_LIMITS.windowMs);
    if (failures.count >= LOGIN_LIMITS.checkFailures) {
      throw lockedUntil(failures.resetAt);
    }
    const user = await findUserById(this.db, userId);
    if (!(await verifyPassword(user?.passwordHash, password))) {
      await this.limiter.hit(key, LOGIN_LIMITS.windowMs);
      throw new ApiError('wrongPasswordConfirmation');
    }
    await this.limiter.reset(key);
  }

  /** The caller's own row; a session whose account is gone has expired. */
  private async me(userId: number): Promise<UserRow> {
    const me = await findUserById(this.db, userId);
    if (!me) throw new ApiError('loginExpired');
    return me;
  }

  /**
   * A new password for the logged-in user: the new one by the password rules, the old one
   * confirmed (wrong tries count with the password check's, and lock it the same way); every
   * other session of the account ends, the caller's stays.
   */
  async changePassword(
    session: { id: number; userId: number },
    input: { oldPassword: string; newPassword: string },
  ): Promise<void> {
    assertVerdict(validatePassword(input.newPassword), 'newPassword');
    await this.checkPassword(session.userId, input.oldPassword);
    const hashes = await hashPasswords(input.newPassword);
    await this.db.transaction(async (tx) => {
      await updatePasswordHash(tx, session.userId, hashes);
      await revokeOtherSessions(tx, session.userId, session.id);
      await revokeTokensOfUser(tx, session.userId);
    });
  }

  /**
   * Changes the account the user logs in with to a new mobile number or email address, with the
   * changeAccount code sent to it: a mobile number replaces the mobile, an address the email.
   */
  async changeAccount(
    userId: number,
    input: { account: string; countryCode?: string | undefined; validationCode: string },
  ): Promise<UserRow> {
    const account = accountOf(input.account, input.countryCode);
    return this.replaceIdentifier(userId, account, ValidationCodeType.changeAccount, input.validationCode);
  }

  /** Binds (or replaces) the user's mobile number with the bindMobile code sent to it, or unbinds it. */
  async bindMobile(
    userId: number,
    input: {
      mobile?: string | undefined;
      countryCode?: string | undefined;
      validationCode?: string | undefined;
      unbind: boolean;
    },
  ): Promise<UserRow> {
    if (input.unbind) return this.unbind(userId, 'mobile');
    if (!input.mobile) throw new ApiError('badParameter', {}, 'mobile');
    if (!input.validationCode) throw new ApiError('badParameter', {}, 'validationCode');
    const value = toE164(input.mobile, callingCodeOf(input.countryCode));
    if (!value) throw new ApiError('invalidMobile', {}, 'mobile');
    return this.replaceIdentifier(
      userId,
      { type: 'mobile', value },
      ValidationCodeType.bindMobile,
      input.validationCode,
    );
  }

  /** Binds (or replaces) the user's email address with the bindEmail code sent to it, or unbinds it. */
  async bindEmail(
    userId: number,
    input: { email?: string | undefined; validationCode?: string | undefined; unbind: boolean },
  ): Promise<UserRow> {
    if (input.unbind) return this.unbind(userId, 'email');
    if (!input.email) throw new ApiError('badParameter', {}, 'email');
    if (!input.validationCode) throw new ApiError('badParameter', {}, 'validationCode');
    assertVerdict(validateEmail(input.email), 'email');
    const account: Account = { type: 'email', value: input.email.toLowerCase() };
    return this.replaceIdentifier(userId, account, ValidationCodeType.bindEmail, input.validationCode);
  }

  /**
   * Sets the user's field of the account's kind to it: refused when it is already the user's
   * (sameAsCurrentAccount) or someone else's (accountExists); the code of `type` sent to it is
   * spent in the same transaction.
   */
  private async replaceIdentifier(userId: number, account: Account, type: number, code: string): Promise<UserRow> {
    const me = await this.me(userId);
    if (account.value === (account.type === 'email' ? me.email : me.mobile)) {
      throw new ApiError('sameAsCurrentAccount');
    }
    if (await findUserByAccount(this.db, account)) throw new ApiError('accountExists');
    const codeId = await this.codes.check(account.value, type, code);
    return orConflict(
      () =>
        this.db.transaction(async (tx) => {
          await this.codes.consume(tx, codeId);
          return updateUser(
            tx,
            userId,
            account.type === 'email' ? { email: account.value } : { mobile: account.value },
          );
        }),
      'accountExists',
    );
  }

  /** Removes the user's mobile or email, only while the other one remains to log in with. */
  private async unbind(userId: number, field: 'email' | 'mobile'): Promise<UserRow> {
    const me = await this.me(userId);
    if (me[field] === null) return me;
    const row = await clearIdentifier(this.db, userId, field);
    if (!row) throw new ApiError('cannotUnbindOnlyAccount');
    return row;
  }

  /**
   * Who may receive which code, and what a request delivers. Codes for logged-in steps (bind,
   * change account, transfer, unregister) keep their rules. Codes asked for without a session
   * answer alike whether the account exists or not: a registration code for an existing
   * account becomes a notice to its owner, in the owner's language ("someone tried to register
   * with this address"); a reset code for an unknown email address becomes a notice saying no
   * account uses it, and for an unknown mobile number nothing is sent (an SMS costs).
   */
  async planCodeRequest(
    account: Account,
    type: number,
    userId: number | undefined,
    brand: Brand,
    locale: Locale,
  ): Promise<{ delivery: Delivery; locale: Locale }> {
    const existing = await findUserByAccount(this.db, account);
    const code = { delivery: { kind: 'code' } as Delivery, locale };
    if (SESSION_CODE_TYPES.has(type)) {
      if (userId === undefined) throw new ApiError('notLoggedIn');
      const me = await findUserById(this.db, userId);
      if (!me) throw new ApiError('loginExpired');
      const mine = account.value === me.email || account.value === me.mobile;
      switch (type) {
        case ValidationCodeType.bindMobile:
        case ValidationCodeType.bindEmail:
        case ValidationCodeType.changeAccount:
          if (
            (type === ValidationCodeType.bindMobile) !== (account.type === 'mobile') &&
            type !== ValidationCodeType.changeAccount
          ) {
            throw new ApiError('accountFormatError');
          }
          if (existing) throw new ApiError(existing.id === me.id ? 'sameAsCurrentAccount' : 'accountExists');
          return code;
        default:
          if (!mine) throw new ApiError('noPermission', {}, 'codes of this type go to your own account');
          return code;
      }
    }
    if (type === ValidationCodeType.register) {
      assertVerdict(validateAccountTypeForBrand(account, brand.accountType), 'account');
      if (!existing) return code;
      return {
        delivery: { kind: 'notice', notice: 'registerAttempt' },
        locale: resolveLocale(existing.locale) ?? locale,
      };
    }
    if (existing) return code;
    if (type === ValidationCodeType.resetPassword && account.type === 'email') {
      return { delivery: { kind: 'notice', notice: 'resetUnknown' }, locale };
    }
    return { delivery: { kind: 'nothing' }, locale };
  }
}

function defaultNickname(account: Account): string {
  if (account.type === 'email') return account.value.slice(0, account.value.indexOf('@')).slice(0, 50);
  return `${account.value.slice(0, -4).replace(/[0-9]/g, '*').slice(-4)}${account.value.slice(-4)}`;
}
