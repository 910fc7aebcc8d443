import { ValidationCodeType } from '@smartlock/contract';
import type { Db } from '../../db/client';
import { ApiError } from '../../http/apiError';
import { transferLocks } from '../lock/lockTransfer';
import type { ValidationCodeService } from '../verification/validationCodeService';
import {
  fileInGroups,
  filingOf,
  moveGateways,
  ownedDeviceCounts,
  ownedDevices,
  reachOf,
  restoreReach,
} from './accountHoldingsQueries';
import { type AccountService, accountOf } from './accountService';
import type { TransferRequest } from './transferConfirmation';
import { findUserByAccount, findUserById, type UserRow } from './userQueries';

/** The addresses of an account its own validation codes go to. */
export function ownAddresses(me: UserRow): string[] {
  return [me.email, me.mobile].filter((value): value is string => Boolean(value));
}

/**
 * /user/transferUserConfirm: everything the caller owns goes to another registered account, for
 * good, in one transaction (docs/accounts.md). Each lock moves as /lock/transfer moves it (with
 * its credentials, eKeys and records; the caller's administrators of it end) and each gateway as
 * /gateway/transfer moves it; because the gateways and the locks they reach go to the same new
 * owner together, they keep reaching them. The caller's groups of the locks are recreated in the
 * receiver's account (joining the receiver's groups of the same name).
 *
 * Checked in this order, so only the holder of the password and the code learns anything about the
 * receiver: the receiver's account is well formed; the caller owns something; the password; the
 * code (type 9, the transfers' own, sent to the caller's own account); the receiver is a
 * registered account other than the caller.
 */
export async function handOverAccount(
  deps: { db: Db; accounts: AccountService; codes: ValidationCodeService },
  ownerId: number,
  request: TransferRequest,
): Promise<{ lockCount: number; gatewayCount: number }> {
  const { db, accounts, codes } = deps;
  const me = await findUserById(db, ownerId);
  if (!me) throw new ApiError('loginExpired');
  const receiverAccount = accountOf(request.receiverUsername, request.countryCode);
  const owned = await ownedDeviceCounts(db, ownerId);
  if (owned.locks === 0 && owned.gateways === 0) throw new ApiError('nothingToTransfer');
  await accounts.checkPassword(ownerId, request.password);
  const codeId = await codes.checkOwn(ownAddresses(me), ValidationCodeType.transferLock, request.validationCode);
  const receiver = await findUserByAccount(db, receiverAccount);
  if (!receiver) throw new ApiError('accountNotRegistered');
  if (receiver.id === ownerId) throw new ApiError('sameAsCurrentAccount');

  return db.transaction(async (tx) => {
    await codes.consume(tx, codeId);
    // What the caller owns now, held until the end: a lock added meanwhile goes too.
    const { lockIds, gatewayIds } = await ownedDevices(tx, ownerId, true);
    if (lockIds.length === 0 && gatewayIds.length === 0) throw new ApiError('nothingToTransfer');
    const reach = await reachOf(tx, gatewayIds);
    const filing = await filingOf(tx, ownerId, lockIds);
    if (lockIds.length > 0) await transferLocks(tx, lockIds, ownerId, receiver.id);
    await moveGateways(tx, gatewayIds, ownerId, receiver.id);
    // A gateway reaches only its owner's locks: every lock it reached was the caller's and moved with it.
    const moving = new Set(lockIds);
    await restoreReach(
      tx,
      reach.filter((row) => moving.has(row.lockId)),
    );
    await fileInGroups(tx, receiver.id, filing);
    return { lockCount: lockIds.length, gatewayCount: gatewayIds.length };
  });
}
