import {
  EKeyAuthorized,
  type EKeyCycle,
  EKeyStatus,
  type Locale,
  parseAccount,
  validateUnregisteredRecipient,
} from '@smartlock/contract';
import type { Db } from '../../db/client';
import { orConflict } from '../../db/conflict';
import { ApiError, assertVerdict } from '../../http/apiError';
import type { UploadedFile } from '../../http/params';
import { auditChange } from '../audit/auditNote';
import { type CredentialManager, credentialManager, requireOwner } from '../lock/credentialAccess';
import { outsideLockSubset } from '../lock/lockSubset';
import type { UserRow } from '../user/userQueries';
import { findUserByAccount } from '../user/userQueries';
import { FaceIdentification } from './ekeyFaceAuth';
import { leaveKeys } from './ekeyLeaving';
import type { EKeyNotices, NoticeCaller } from './ekeyNotices';
import {
  type EKeyRow,
  findEKey,
  hasSentKeyFor,
  insertEKey,
  listLockKeys,
  liveKeyIdsOfLock,
  liveKeysSentTo,
  moveKeyStatus,
  moveSentKeys,
  updateKeyDetails,
} from './ekeyQueries';
import { changeKeyValidity, upgradeToAdministratorKey } from './ekeyRevocationQueries';
import type { EKeyRevocations } from './ekeyRevocations';
import { ENDED_EKEY_STATUSES } from './ekeyStatus';
import { syncHeldKeys } from './ekeySync';
import { type EKeyValidity, eKeyValidity, type ValidityRequest } from './ekeyValidity';

export type Caller = NoticeCaller;

export interface SendRequest extends ValidityRequest {
  lockId: number;
  receiverUsername: string;
  countryCode?: string | undefined;
  createUser: boolean;
  keyName?: string | undefined;
  remarks?: string | undefined;
  remoteEnable: boolean;
  keyRight: number;
  cycle?: EKeyCycle | undefined;
}

const FREEZE_MOVES: Readonly<Record<string, string>> = {
  [EKeyStatus.normal]: EKeyStatus.freezing,
  [EKeyStatus.updating]: EKeyStatus.freezing,
  [EKeyStatus.unfreezing]: EKeyStatus.frozen,
  [EKeyStatus.waitingAccept]: EKeyStatus.frozen,
};
const UNFREEZE_MOVES: Readonly<Record<string, string>> = {
  [EKeyStatus.frozen]: EKeyStatus.unfreezing,
  [EKeyStatus.freezing]: EKeyStatus.normal,
};

/** eKeys as their senders and the lock's managers handle them (spec sections 3, 4, 5, 6). */
export class EKeyService {
  constructor(
    private readonly db: Db,
    private readonly revocations: EKeyRevocations,
    private readonly notices: EKeyNotices,
  ) {}

  /** Sends one eKey; an unregistered recipient's key waits for them and they are invited. */
  async send(caller: Caller, request: SendRequest): Promise<{ keyId: number; recipientRegistered: boolean }> {
    const manager = await credentialManager(this.db, caller.userId, request.lockId);
    if (request.keyRight === EKeyAuthorized.yes) requireOwner(manager);
    const validity = eKeyValidity(request, manager.editorSpan);
    const parsed = parseAccount(request.receiverUsername, request.countryCode);
    if (!parsed.ok) assertVerdict(parsed.verdict, 'receiverUsername');
    if (!parsed.ok) throw new ApiError('accountFormatError');
    const recipient = await findUserByAccount(this.db, parsed.account);
    assertVerdict(
      validateUnregisteredRecipient({
        registered: recipient !== undefined,
        countryCode: request.countryCode,
        confirmed: request.createUser,
      }),
      'receiverUsername',
    );
    const key = await this.issue(
      caller,
      manager,
      { user: recipient, account: parsed.account.value },
      validity,
      request,
    );
    return { keyId: key.id, recipientRegistered: recipient !== undefined };
  }

  /**
   * The one place a key is written: `manager` has been checked, `validity` too. A recipient
   * without an account waits for them and is invited.
   */
  private async issue(
    caller: Caller,
    manager: CredentialManager,
    recipient: { user: UserRow | undefined; account: string },
    validity: EKeyValidity,
    request: Pick<SendRequest, 'keyName' | 'remarks' | 'remoteEnable' | 'keyRight'>,
  ): Promise<EKeyRow> {
    const { user } = recipient;
    if (user?.id === caller.userId) throw new ApiError('sameAsCurrentAccount');
    if (user?.id === manager.lock.ownerId) throw new ApiError('ekeyExists', {}, 'the owner holds the lock');
    const key = await orConflict(
      () =>
        insertEKey(this.db, {
          lockId: manager.lock.id,
          senderId: caller.userId,
          recipientId: user?.id ?? null,
          recipientAccount: recipient.account,
          keyName: request.keyName ?? '',
          remarks: request.remarks ?? '',
          ...validity,
          remoteEnable: request.remoteEnable ? 1 : 0,
          keyRight: request.keyRight,
          status: user ? EKeyStatus.normal : EKeyStatus.waitingAccept,
        }),
      'ekeyExists',
    );
    if (!user) await this.notices.invite(caller, key, manager.lock);
    return key;
  }

  /**
   * Makes a registered account an authorized administrator of one of the owner's locks
   * (docs/permissions.md). No key of theirs on the lock: an administrator eKey is sent, as
   * `send` with keyRight 1. A live ordinary key of theirs (not deleted or reset): it is upgraded
   * in place — keyRight 1, the owner as its sender (so it never leaves with another
   * administrator's keys), remote unlock on, and the validity given; its version rises, so the
   * lock refuses the old credential and the holder's next sync brings the new one. Its status
   * stays (a normal key administers at once, a frozen one once unfrozen; an overdue one becomes
   * normal). Already an administrator (a live keyRight-1 key, whatever its status or validity):
   * nothing changes.
   * Answers whether the lock was newly authorized.
   */
  async grantAdministrator(
    caller: Caller,
    lockId: number,
    admin: { user: UserRow; account: string },
    request: ValidityRequest & { remarks?: string | undefined },
  ): Promise<boolean> {
    const manager = await credentialManager(this.db, caller.userId, lockId);
    requireOwner(manager);
    const validity = eKeyValidity(request, manager.editorSpan);
    const held = await liveKeysSentTo(this.db, lockId, { userId: admin.user.id, account: admin.account });
    if (held.some((key) => key.keyRight === EKeyAuthorized.yes)) return false;
    const [ordinary] = held;
    if (!ordinary) {
      await this.issue(caller, manager, admin, validity, {
        remarks: request.remarks,
        remoteEnable: true,
        keyRight: EKeyAuthorized.yes,
      });
      return true;
    }
    await upgradeToAdministratorKey(this.db, ordinary.id, {
      senderId: caller.userId,
      validity,
      status: ordinary.status === EKeyStatus.overdue ? EKeyStatus.normal : undefined,
    });
    await this.revocations.send(caller.userId, [ordinary.id]);
    return true;
  }

  /**
   * A key the caller may change: one on a lock they manage; for freezing and unfreezing also one
   * they sent (spec section 6: a sender may freeze or thaw the keys they issued). An
   * administrator's key is the owner's alone to change: no administrator freezes, thaws,
   * shortens, edits or deletes another's (or their own) — docs/permissions.md.
   */
  private async changeableKey(
    userId: number,
    keyId: number,
    senderMay = false,
  ): Promise<{ key: EKeyRow; manager: CredentialManager | undefined }> {
    const key = await findEKey(this.db, keyId);
    // A key that does not exist answers as one of another account: no permission.
    if (!key) throw new ApiError('noPermission', {}, 'no such eKey');
    let manager: CredentialManager | undefined;
    try {
      manager = await credentialManager(this.db, userId, key.lockId);
    } catch (error) {
      if (!senderMay || key.senderId !== userId) throw error;
    }
    if (key.keyRight === EKeyAuthorized.yes && manager?.role !== 'owner') {
      throw new ApiError('noPermission', {}, "an administrator's key is the owner's to change");
    }
    if (key.status === EKeyStatus.deleted || key.status === EKeyStatus.reset) throw new ApiError('ekeyNotFound');
    return { key, manager };
  }

  /** Moves one key along `moves` (its status -> the next), raising its version when `revoke`; a conflict otherwise. */
  private async transition(
    userId: number,
    keyId: number,
    moves: (key: EKeyRow) => string | undefined,
    revoke: boolean,
  ) {
    const { key } = await this.changeableKey(userId, keyId, true);
    const to = moves(key);
    if (!to) throw new ApiError('ekeyStateConflict');
    await moveKeyStatus(this.db, key, to, revoke);
    if (revoke) await this.revocations.send(userId, [keyId]);
  }

  /**
   * normal -> freezing (frozen when the holder syncs); a key still unfreezing, or one nobody has
   * claimed yet, is frozen at once.
   */
  freeze(userId: number, keyId: number) {
    return this.transition(userId, keyId, (key) => FREEZE_MOVES[key.status], true);
  }

  /**
   * frozen -> unfreezing (normal when the holder syncs); a key still freezing goes straight back
   * to normal, an unclaimed one back to waiting for its recipient.
   */
  unfreeze(userId: number, keyId: number) {
    return this.transition(
      userId,
      keyId,
      (key) =>
        key.status === EKeyStatus.frozen && key.recipientId === null
          ? EKeyStatus.waitingAccept
          : UNFREEZE_MOVES[key.status],
      false,
    );
  }

  /** Freezes or unfreezes every key the caller sent (on one lock when given). */
  async freezeAllSent(userId: number, lockId: number | undefined, freeze: boolean): Promise<number> {
    if (lockId !== undefined) await this.requireSenderOrManager(userId, lockId);
    const moves = freeze ? FREEZE_MOVES : UNFREEZE_MOVES;
    const changed = await this.db.transaction(async (tx) => {
      const ids: number[] = [];
      if (!freeze) {
        // Unclaimed frozen keys wait for their recipient again.
        const scope = { senderId: userId, lockId, status: EKeyStatus.frozen, unclaimed: true };
        ids.push(...(await moveSentKeys(tx, scope, EKeyStatus.waitingAccept, false)));
      }
      for (const [from, to] of Object.entries(moves)) {
        ids.push(...(await moveSentKeys(tx, { senderId: userId, lockId, status: from }, to, freeze)));
      }
      return ids;
    });
    if (freeze) await this.revocations.send(userId, changed);
    return changed.length;
  }

  /** The caller manages the lock or has sent keys for it; else "no permission", as for any lock call. */
  private async requireSenderOrManager(userId: number, lockId: number): Promise<void> {
    // A lock outside the call's lock subset (an API key's) is refused as a stranger's lock.
    if (outsideLockSubset(lockId)) throw new ApiError('noPermission');
    try {
      await credentialManager(this.db, userId, lockId);
    } catch (error) {
      if (!(await hasSentKeyFor(this.db, userId, lockId))) throw error;
    }
  }

  /** New validity (never beyond the editor's own); the old credential stops opening the lock. */
  async changePeriod(userId: number, keyId: number, request: ValidityRequest): Promise<void> {
    const { key, manager } = await this.changeableKey(userId, keyId);
    if ((ENDED_EKEY_STATUSES as readonly string[]).includes(key.status)) throw new ApiError('ekeyStateConflict');
    const validity = eKeyValidity(request, manager?.editorSpan);
    const status =
      key.status === EKeyStatus.normal || key.status === EKeyStatus.overdue
        ? key.recipientId
          ? EKeyStatus.updating
          : key.status === EKeyStatus.overdue
            ? EKeyStatus.normal
            : key.status
        : key.status;
    await changeKeyValidity(this.db, keyId, validity, status);
    auditChange(
      {
        validityType: key.validityType,
        startDate: key.startDate?.getTime() ?? null,
        endDate: key.endDate?.getTime() ?? null,
        cycle: key.cycle ?? null,
      },
      { ...validity },
    );
    await this.revocations.send(userId, [keyId]);
  }

  async update(
    userId: number,
    keyId: number,
    changes: { keyName?: string | undefined; remarks?: string | undefined; remoteEnable?: boolean | undefined },
  ): Promise<void> {
    await this.changeableKey(userId, keyId);
    await updateKeyDetails(this.db, keyId, changes);
  }

  /**
   * Deletes a key. An authorized administrator's key takes with it the keys that administrator
   * sent on the lock (spec section 4); only the owner deletes an administrator's key (`changeableKey`).
   */
  async remove(userId: number, keyId: number): Promise<void> {
    const { key } = await this.changeableKey(userId, keyId);
    if ((ENDED_EKEY_STATUSES as readonly string[]).includes(key.status)) throw new ApiError('ekeyStateConflict');
    await this.removeKeys(userId, [key]);
  }

  /**
   * Deletes keys the caller may delete (checked by the caller), in one transaction, each
   * administrator's key with the keys that administrator sent on its lock; the locks hear of
   * every revocation. Answers how many keys went.
   */
  async removeKeys(userId: number, keys: readonly Pick<EKeyRow, 'id' | 'lockId' | 'keyRight' | 'recipientId'>[]) {
    const ids = await this.db.transaction(async (tx) => {
      const leaving = new Set(keys.map((key) => key.id));
      for (const key of keys) {
        if (key.keyRight !== EKeyAuthorized.yes || key.recipientId === null) continue;
        for (const id of await liveKeyIdsOfLock(tx, key.lockId, key.recipientId)) leaving.add(id);
      }
      return leaveKeys(tx, [...leaving], 'delete');
    });
    await this.revocations.send(userId, ids);
    return ids.length;
  }

  /** Every key of a lock deleted (irreversible) or reset. The owner only. */
  async endAll(userId: number, lockId: number, how: 'delete' | 'reset'): Promise<number> {
    requireOwner(await credentialManager(this.db, userId, lockId));
    const ids = await this.db.transaction(async (tx) => leaveKeys(tx, await liveKeyIdsOfLock(tx, lockId), how));
    await this.revocations.send(userId, ids);
    return ids.length;
  }

  /** Sends a key's notice to its recipient (in the owner's eKey template, when one is chosen). */
  async sendNotice(
    caller: Caller,
    keyId: number,
    channel: 'email' | 'sms',
    templateId: number | undefined,
  ): Promise<void> {
    const { key } = await this.changeableKey(caller.userId, keyId);
    await this.notices.notify(caller, key, channel, templateId);
  }

  /**
   * A batch send's permission is the call's, not a pair's: every lock managed, administrator keys
   * the owner's.
   */
  async requireBatchPermission(userId: number, lockIds: number[], keyRight: number): Promise<void> {
    for (const lockId of lockIds) {
      const manager = await credentialManager(this.db, userId, lockId);
      if (keyRight === EKeyAuthorized.yes) requireOwner(manager);
    }
  }

  /** A page of the lock's keys, for one of its managers. */
  async listOfLock(userId: number, lockId: number, query: Parameters<typeof listLockKeys>[2]) {
    await credentialManager(this.db, userId, lockId);
    return listLockKeys(this.db, lockId, query);
  }

  /** The keys the account holds, as its app keeps them. */
  async heldKeys(userId: number) {
    return { list: await syncHeldKeys(this.db, userId) };
  }

  /** A key holder's face identification. */
  identifyFace(userId: number, keyId: number, files: UploadedFile[], locale: Locale) {
    return new FaceIdentification(this.db).identify(userId, keyId, files, locale);
  }
}
