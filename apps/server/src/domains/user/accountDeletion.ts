import { ValidationCodeType } from '@smartlock/contract';
import type { Db } from '../../db/client';
import { ApiError } from '../../http/apiError';
import type { SessionStore } from '../../http/session';
import { revokeAllKeysOf } from '../apiKey/apiKeyQueries';
import type { EKeyRevocations } from '../ekey/ekeyRevocations';
import type { ValidationCodeService } from '../verification/validationCodeService';
import { ownAddresses } from './accountHandover';
import { endHeldKeys, holdAccount, markDeleted, ownedDeviceCounts, removeAccountData } from './accountHoldingsQueries';
import type { AccountService } from './accountService';
import { findUserById } from './userQueries';

/** The refusal while an account still owns devices, naming how many (for developers). */
function ownsDevices(owned: { locks: number; gateways: number }): ApiError {
  return new ApiError('accountOwnsDevices', {}, `locks: ${owned.locks}, gateways: ${owned.gateways}`);
}

/**
 * /user/unregister: an account deletes itself, for good, in one transaction (docs/accounts.md).
 *
 * Refused while it owns a lock or a gateway: an owner is the one manager of a door (who can add
 * and take back its keys, passcodes and cards), so its locks go to someone first (/lock/transfer,
 * or everything at once with /user/transferUserConfirm), and its gateways with them, or are
 * deleted. Then: the eKeys it holds end at once (administrator keys too, so it administers
 * nothing) and their locks are told to refuse them; its own things go (groups, unlock links,
 * notifications, templates, hotel settings, service units, avatar, advanced function; waiting
 * orders are cancelled); every session and token ends; what it issued on others' locks (eKeys,
 * passcodes, cards...) and those locks' records stay with the locks; its row stays without any
 * mobile, email, password or profile, so its mobile number and email address are free again.
 */
export class AccountDeletion {
  constructor(
    private readonly deps: {
      db: Db;
      accounts: AccountService;
      codes: ValidationCodeService;
      sessions: SessionStore;
      revocations: EKeyRevocations;
    },
  ) {}

  async unregister(userId: number, input: { password: string; validationCode: string }): Promise<void> {
    const { db, accounts, codes, sessions, revocations } = this.deps;
    const me = await findUserById(db, userId);
    if (!me || me.deletedAt) throw new ApiError('loginExpired');
    const owned = await ownedDeviceCounts(db, userId);
    if (owned.locks > 0 || owned.gateways > 0) throw ownsDevices(owned);
    await accounts.checkPassword(userId, input.password);
    const codeId = await codes.checkOwn(ownAddresses(me), ValidationCodeType.unregister, input.validationCode);

    const ended = await db.transaction(async (tx) => {
      if (!(await holdAccount(tx, userId))) throw new ApiError('loginExpired');
      await codes.consume(tx, codeId);
      // Checked again under the hold: a lock or gateway that arrived meanwhile refuses it still.
      const now = await ownedDeviceCounts(tx, userId);
      if (now.locks > 0 || now.gateways > 0) throw ownsDevices(now);
      const keys = await endHeldKeys(tx, userId);
      await removeAccountData(tx, userId);
      await sessions.revokeAllOf(tx, userId);
      await revokeAllKeysOf(tx, userId);
      await markDeleted(tx, userId);
      return keys;
    });

    // The locks of the keys it held are told to refuse them (through a gateway, now or when one
    // comes back), in their senders' names, as a sender's own revocation would be.
    const bySender = new Map<number, number[]>();
    for (const key of ended) bySender.set(key.senderId, [...(bySender.get(key.senderId) ?? []), key.id]);
    for (const [senderId, keyIds] of bySender) await revocations.send(senderId, keyIds);
  }
}
