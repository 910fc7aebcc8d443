import { type lock, type ParsedParamsOf, validateEKeyCredentialMaxAge } from '@smartlock/contract';
import type { Db } from '../../db/client';
import { orConflict } from '../../db/conflict';
import { ApiError, assertVerdict } from '../../http/apiError';
import { randomToken } from '../../security/crypto';
import { auditChange, auditWithin } from '../audit/auditNote';
import type { AccountService } from '../user/accountService';
import { confirmTransfer, type TransferRequest } from '../user/transferConfirmation';
import type { ValidationCodeService } from '../verification/validationCodeService';
import { deviceIdentity, validatedName } from './deviceIdentity';
import { managedLock, ownedLock } from './lockAccess';
import { insertLock, type LockListQuery, listLocks, lockDetail, ownedLocksAmong, updateLock } from './lockQueries';
import { transferLocks } from './lockTransfer';
import { locksForTransfer } from './lockTransferQueries';

export interface LockDeps {
  db: Db;
  accounts: AccountService;
  codes: ValidationCodeService;
}

/** Locks: registration, the list, the detail, renaming, eKey credential age, passage mode read, transfer. */
export class LockService {
  constructor(private readonly deps: LockDeps) {}

  async initialize(ownerId: number, given: ParsedParamsOf<typeof lock.initialize>) {
    const { mac, name } = deviceIdentity('lock', given.lockMac, given.lockName);
    const lockSecret = randomToken(32);
    return orConflict(async () => {
      const lockId = await insertLock(this.deps.db, {
        ownerId,
        mac,
        lockNumber: given.lockNumber,
        name,
        firmware: given.firmware,
        featureValue: given.featureValue.toUpperCase(),
        passcodeVersion: given.passcodeVersion,
        lockSecret,
        timezoneRawOffset: given.timezoneRawOffset ?? 0,
        battery: given.battery ?? 100,
        autoLockSeconds: given.autoLockTime ?? 0,
      });
      return { lockId, lockSecret };
    }, 'lockAlreadyAdded');
  }

  list(userId: number, query: LockListQuery) {
    return listLocks(this.deps.db, userId, query);
  }

  async detail(userId: number, lockId: number) {
    return lockDetail(this.deps.db, userId, (await managedLock(this.deps.db, userId, lockId)).lock);
  }

  async rename(userId: number, lockId: number, lockName: string): Promise<void> {
    const { lock } = await managedLock(this.deps.db, userId, lockId);
    const name = validatedName('lock', lockName);
    await updateLock(this.deps.db, lockId, { name });
    auditChange({ name: lock.name }, { name });
  }

  /** The owner's alone; the cloud's own setting (how it issues eKey credentials), saved at once. */
  async setEKeyCredentialMaxAge(userId: number, lockId: number, days: number): Promise<void> {
    const owned = await ownedLock(this.deps.db, userId, lockId);
    assertVerdict(validateEKeyCredentialMaxAge(days), 'days');
    await updateLock(this.deps.db, owned.id, { eKeyCredentialMaxAgeDays: days });
    auditChange({ eKeyCredentialMaxAgeDays: owned.eKeyCredentialMaxAgeDays }, { eKeyCredentialMaxAgeDays: days });
  }

  async passageModeConfig(userId: number, lockId: number) {
    return (await managedLock(this.deps.db, userId, lockId)).lock.passageMode;
  }

  listForTransfer(ownerId: number, query: ParsedParamsOf<typeof lock.listForTransfer>) {
    return locksForTransfer(this.deps.db, ownerId, query);
  }

  async transfer(ownerId: number, lockIdList: number[], request: TransferRequest): Promise<void> {
    const { db, codes } = this.deps;
    const mine = await ownedLocksAmong(db, ownerId, lockIdList);
    if (mine.length !== lockIdList.length) throw new ApiError('noPermission', {}, 'lockIdList');
    const { receiver, codeId } = await confirmTransfer(this.deps, ownerId, request);
    await db.transaction(async (tx) => {
      await codes.consume(tx, codeId);
      await transferLocks(tx, lockIdList, ownerId, receiver.id);
      auditChange({ ownerId }, { ownerId: receiver.id });
      // The giver's trail says so in the same transaction: the move and its entry commit together.
      await auditWithin(tx);
    });
  }
}
