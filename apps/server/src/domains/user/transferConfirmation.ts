import { ValidationCodeType } from '@smartlock/contract';
import type { Db } from '../../db/client';
import { ApiError } from '../../http/apiError';
import type { ValidationCodeService } from '../verification/validationCodeService';
import { type AccountService, accountOf } from './accountService';
import { findUserByAccount, findUserById, type UserRow } from './userQueries';

export interface TransferRequest {
  receiverUsername: string;
  countryCode?: string | undefined;
  password: string;
  validationCode: string;
}

/**
 * The checks every transfer (locks, gateways) makes before anything moves: the receiver is a
 * registered account other than the caller, the caller's password is right, and the
 * validation code (type 9) sent to the caller's own account is right. Returns the receiver and
 * the code to spend inside the transfer's transaction.
 */
export async function confirmTransfer(
  deps: { db: Db; accounts: AccountService; codes: ValidationCodeService },
  ownerId: number,
  request: TransferRequest,
): Promise<{ receiver: UserRow; codeId: number }> {
  const me = await findUserById(deps.db, ownerId);
  if (!me) throw new ApiError('loginExpired');
  const receiver = await findUserByAccount(deps.db, accountOf(request.receiverUsername, request.countryCode));
  if (!receiver) throw new ApiError('accountNotRegistered');
  if (receiver.id === ownerId) throw new ApiError('sameAsCurrentAccount');
  await deps.accounts.checkPassword(ownerId, request.password);
  const own = [me.email, me.mobile].filter((v): v is string => Boolean(v));
  const codeId = await deps.codes.checkOwn(own, ValidationCodeType.transferLock, request.validationCode);
  return { receiver, codeId };
}
