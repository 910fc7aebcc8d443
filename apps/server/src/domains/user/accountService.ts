import {
  type Account,
  callingCodeOfMobile,
  countryForCallingCode,
  countryOfMobile,
  DEFAULT_COUNTRY_CODE,
  normalizeCountryCode,
  parseAccount,
  ValidationCodeType,
  validateAccountTypeForBrand,
  validateAgreement,
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
import { findUserByAccount, findUserById, insertUser, type UserRow, updatePasswordHash } from './userQueries';

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
