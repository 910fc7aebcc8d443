import {
  type Account,
  callingCodeOfMobile,
  countryForCallingCode,
  countryOfMobile,
  DEFAULT_COUNTRY_CODE,
  type Locale,
  normalizeCountryCode,
  parseAccount,
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
import { hashPassword, verifyPassword } from '../../security/password';
import type { RateLimiter } from '../../security/rateLimit';
import type { Brand } from '../company/brands';
import type { SliderService } from '../verification/slider/sliderService';
import { SESSION_CODE_TYPES, type ValidationCodeService } from '../verification/validationCodeService';
import {
  clearIdentifier,
  findUserByAccount,
  findUserById,
  insertUser,
  revokeOtherSessions,
  type UserRow,
  updatePasswordHash,
  updateUser,
} from './userQueries';

export const LOGIN_LIMITS = {
  windowMs: 15 * 60_000,
  /** Failed logins on one account before the slider check is asked for. */
  failuresBeforeSlider: 3,
  /** Failed logins on one account before it is locked for the rest of the window. */
  failuresBeforeLock: 10,
  /** Login attempts from one address per window. */
  perIp: 50,
  /** Wrong passwords at the password check, per user per window. */
  checkFailures: 5,
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
  return new ApiError('accountLocked', { minutes: Math.max(1, Math.ceil((resetAt - Date.now()) / 60_000)) });
}

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
    const callingCode = callingCodeOf(input.countryCode);
    const account = accountOf(input.account, callingCode);
    assertVerdict(validateAccountTypeForBrand(account, caller.brand.accountType), 'account');
    assertVerdict(validatePassword(input.password), 'password');
    assertVerdict(validateAgreement(input.agreement), 'agreement');
    if (await findUserByAccount(this.db, account)) throw new ApiError('accountExists');
    const codeId = await this.codes.check(account.value, ValidationCodeType.register, input.validationCode);
    const passwordHash = await hashPassword(input.password);
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
            passwordHash,
            packageName: caller.brand.packageName,
            locale: caller.locale,
          });
        }),
      'accountExists',
    );
  }

  async login(
    input: { account: string; countryCode?: string | undefined; password: string; sliderToken?: string | undefined },
    caller: Caller,
  ): Promise<{ user: UserRow; token: string; expiresIn: number }> {
    const account = accountOf(input.account, input.countryCode);
    await this.limitAddress(caller.ip);
    const failureKey = `login:fail:${account.value}`;
    const failures = await this.limiter.peek(failureKey, LOGIN_LIMITS.windowMs);
    if (failures.count >= LOGIN_LIMITS.failuresBeforeLock) {
      throw lockedUntil(failures.resetAt);
    }
    if (failures.count >= LOGIN_LIMITS.failuresBeforeSlider && !(await this.slider.consumeToken(input.sliderToken))) {
      throw new ApiError('sliderRequired');
    }
    const user = await findUserByAccount(this.db, account);
    const valid = await verifyPassword(user?.passwordHash, input.password);
    if (!user || !valid) {
      await this.limiter.hit(failureKey, LOGIN_LIMITS.windowMs);
      throw new ApiError('wrongAccountOrPassword');
    }
    await this.limiter.reset(failureKey);
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

  async resetPassword(input: {
    account: string;
    countryCode?: string | undefined;
    validationCode: string;
    password: string;
  }) {
    const account = accountOf(input.account, input.countryCode);
    assertVerdict(validatePassword(input.password), 'password');
    const user = await findUserByAccount(this.db, account);
    if (!user) throw new ApiError('accountNotRegistered');
    const codeId = await this.codes.check(account.value, ValidationCodeType.resetPassword, input.validationCode);
    const passwordHash = await hashPassword(input.password);
    await this.db.transaction(async (tx) => {
      await this.codes.consume(tx, codeId);
      await updatePasswordHash(tx, user.id, passwordHash);
      await this.sessions.revokeAllOf(tx, user.id);
    });
    await this.limiter.reset(`login:fail:${account.value}`);
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
    const passwordHash = await hashPassword(input.newPassword);
    await this.db.transaction(async (tx) => {
      await updatePasswordHash(tx, session.userId, passwordHash);
      await revokeOtherSessions(tx, session.userId, session.id);
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

  /** Who may receive which code: new accounts for registration, existing ones for resets. */
  async authorizeCodeRequest(account: Account, type: number, userId: number | undefined, brand: Brand): Promise<void> {
    const existing = await findUserByAccount(this.db, account);
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
          return;
        default:
          if (!mine) throw new ApiError('noPermission', {}, 'codes of this type go to your own account');
          return;
      }
    }
    if (type === ValidationCodeType.register) {
      assertVerdict(validateAccountTypeForBrand(account, brand.accountType), 'account');
      if (existing) throw new ApiError('accountExists');
      return;
    }
    if (!existing) throw new ApiError('accountNotRegistered');
  }
}

function defaultNickname(account: Account): string {
  if (account.type === 'email') return account.value.slice(0, account.value.indexOf('@')).slice(0, 50);
  return `${account.value.slice(0, -4).replace(/[0-9]/g, '*').slice(-4)}${account.value.slice(-4)}`;
}
