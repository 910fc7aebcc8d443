import type { Locale } from '@smartlock/contract';
import type { Db } from '../../db/client';
import { ApiError } from '../../http/apiError';
import type { UploadedFile } from '../../http/params';
import type { SessionStore } from '../../http/session';
import type { EKeyRevocations } from '../ekey/ekeyRevocations';
import { gatewayPresence } from '../gateway/gatewayQueries';
import type { ValidationCodeService } from '../verification/validationCodeService';
import { vipStateOf } from '../vip/vipQueries';
import { AccountDeletion } from './accountDeletion';
import { handOverAccount } from './accountHandover';
import type { AccountService } from './accountService';
import { updateUserInfo } from './profileService';
import type { TransferRequest } from './transferConfirmation';
import { presentUserInfo } from './userPresenter';
import { findAvatar, findUserById, type UserRow } from './userQueries';

export interface UserServiceDeps {
  db: Db;
  accounts: AccountService;
  codes: ValidationCodeService;
  sessions: SessionStore;
  revocations: EKeyRevocations;
}

/**
 * The account's own data: its user info, profile and avatar, whether it may use the paid
 * services, and the account as a whole (docs/accounts.md): handed over, or deleted.
 */
export class UserService {
  private readonly deletion: AccountDeletion;

  constructor(private readonly deps: UserServiceDeps) {
    this.deletion = new AccountDeletion(deps);
  }

  /** The user info reply of /user/getInfo, for a row. */
  async infoOf(row: UserRow, locale: Locale) {
    const { db } = this.deps;
    const [gateways, vipState] = await Promise.all([gatewayPresence(db, row.id), vipStateOf(db, row.id)]);
    return presentUserInfo(row, locale, gateways, vipState.status);
  }

  async info(userId: number, locale: Locale) {
    const row = await findUserById(this.deps.db, userId);
    if (!row) throw new ApiError('loginExpired');
    return this.infoOf(row, locale);
  }

  async updateInfo(userId: number, input: Parameters<typeof updateUserInfo>[2], files: UploadedFile[], locale: Locale) {
    return this.infoOf(await updateUserInfo(this.deps.db, userId, input, files), locale);
  }

  /** The account's advanced-function status (paid user or not). */
  async paidUserStatus(userId: number): Promise<number> {
    return (await vipStateOf(this.deps.db, userId)).status;
  }

  /** Everything the account owns handed over to another, at once. */
  handOver(userId: number, request: TransferRequest) {
    return handOverAccount(this.deps, userId, request);
  }

  unregister(userId: number, input: { password: string; validationCode: string }): Promise<void> {
    return this.deletion.unregister(userId, input);
  }

  /** An account's avatar, if it has one. */
  avatar(userId: number) {
    return findAvatar(this.deps.db, userId);
  }
}
