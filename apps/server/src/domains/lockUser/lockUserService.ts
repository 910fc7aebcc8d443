import {
  CredentialKind,
  EKeyAuthorized,
  ERRORS,
  LOCK_CREDENTIAL_KINDS,
  type LockCredentialKind,
  type LockUserCredential,
  type RemoteOperation,
} from '@smartlock/contract';
import type { Db } from '../../db/client';
import { ApiError } from '../../http/apiError';
import { pageOf } from '../../http/paging';
import { mapAtMost } from '../../util/atMost';
import type { EKeyService } from '../ekey/ekeyService';
import { ownedLocksAmong } from '../lock/lockQueries';
import type { LockCredentialService } from '../lockCredential/lockCredentialService';
import type { PasscodeService } from '../passcode/passcodeService';
import { requireAdvancedFunction } from '../vip/advancedFunction';
import {
  expiringHoldings,
  type HoldingRow,
  type HoldingScope,
  holdingsCount,
  holdingsPage,
  lockUserPeople,
  personHoldings,
  personHoldingsByLock,
  personKey,
} from './lockUserQueries';

interface Paging {
  pageNo: number;
  pageSize: number;
}

/** Credential deletions started at once for one lock user. */
const AT_ONCE = 8;

const KIND_OF_CREDENTIAL = new Map<string, LockCredentialKind>(
  LOCK_CREDENTIAL_KINDS.map((kind) => [CredentialKind[kind], kind]),
);

function credentialOf(row: HoldingRow): LockUserCredential {
  return {
    kind: row.kind,
    credentialId: row.credentialId,
    label: row.label,
    name: row.credentialName,
    validityType: row.validityType,
    startDate: row.startDate,
    endDate: row.endDate,
    status: row.status,
    keyRight: row.keyRight,
  };
}

function lockUserRowOf(row: HoldingRow) {
  return {
    ...credentialOf(row),
    lockUser: row.who,
    userName: row.name,
    lockId: row.lockId,
    lockAlias: row.lockAlias,
    timezoneRawOffset: row.timezoneRawOffset,
  };
}

/**
 * Lock users (docs/lock-users.md): everyone holding a credential on the locks the caller
 * manages, listed per person, their credentials per lock, those about to expire, deleted
 * together, and exported (the owner, with the advanced function).
 */
export class LockUserService {
  constructor(
    private readonly db: Db,
    private readonly keys: EKeyService,
    private readonly passcodes: PasscodeService,
    private readonly credentials: LockCredentialService,
  ) {}

  async list(userId: number, query: Paging & { searchStr?: string | undefined }) {
    const { total, rows } = await lockUserPeople(this.db, userId, query);
    return pageOf(rows, total, query.pageNo, query.pageSize);
  }

  /** One person's credentials, grouped by lock, a page of locks at a time. */
  async listLocks(userId: number, lockUser: string, page: Paging) {
    const { total, lockIds, held } = await personHoldingsByLock(this.db, userId, personKey(lockUser), page);
    const list = lockIds.map((lockId) => {
      const mine = held.filter((row) => row.lockId === lockId);
      const first = mine[0] as HoldingRow;
      return {
        lockId,
        lockAlias: first.lockAlias,
        timezoneRawOffset: first.timezoneRawOffset,
        credentials: mine.map(credentialOf),
      };
    });
    return pageOf(list, total, page.pageNo, page.pageSize);
  }

  /** Credentials whose validity ends inside the window, soonest first. */
  async listExpiring(
    userId: number,
    query: Paging & { startDate: number; endDate: number; searchStr?: string | undefined },
  ) {
    const { total, rows } = await expiringHoldings(this.db, userId, query);
    return pageOf(rows.map(lockUserRowOf), total, query.pageNo, query.pageSize);
  }

  /**
   * Deletes a person from the caller's managed locks: their eKeys at once in one transaction (an
   * administrator's with the keys they sent; administrator keys only on locks the caller owns),
   * then each other credential through its lock's gateway, each answering on its own. With
   * `lockIds`, only on those of them (a revoke-all job's lock).
   */
  async remove(userId: number, lockUser: string, lockIds?: readonly number[]) {
    const held = await personHoldings(this.db, userId, personKey(lockUser), lockIds);
    if (held.length === 0) throw new ApiError('noPermission', {}, 'no such lock user on your locks');
    const eKeys = held.filter((row) => row.kind === CredentialKind.eKey);
    const deletable = eKeys.filter((row) => row.keyRight !== EKeyAuthorized.yes || row.ownerId === userId);
    const ekeyCount = await this.keys.removeKeys(
      userId,
      deletable.map((row) => ({
        id: row.credentialId,
        lockId: row.lockId,
        keyRight: row.keyRight,
        recipientId: row.recipientId,
      })),
    );
    const others = held.filter((row) => row.kind !== CredentialKind.eKey);
    const credentials = await mapAtMost(others, AT_ONCE, async (row) => {
      try {
        const operation = await this.deleteAtLock(userId, row);
        return {
          kind: row.kind,
          credentialId: row.credentialId,
          lockId: row.lockId,
          errorCode: 0,
          operationId: operation.operationId,
        };
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        const errorCode: number = ERRORS[error.errorName].code;
        return { kind: row.kind, credentialId: row.credentialId, lockId: row.lockId, errorCode, operationId: null };
      }
    });
    return { ekeyCount, keptAdminKeys: eKeys.length - deletable.length, credentials };
  }

  private deleteAtLock(userId: number, row: HoldingRow): Promise<RemoteOperation> {
    if (row.kind === CredentialKind.passcode) return this.passcodes.remove(userId, row.credentialId);
    const kind = KIND_OF_CREDENTIAL.get(row.kind);
    if (!kind) throw new Error(`unknown credential kind ${row.kind}`);
    return this.credentials.remove(userId, kind, row.credentialId);
  }

  /** The export's size: rows (credentials) and people, on the chosen locks or all the caller owns. */
  async exportCount(userId: number, lockIds: readonly number[] | undefined) {
    return holdingsCount(this.db, await this.exportScope(userId, lockIds));
  }

  /** One page of the export, person then lock order. */
  async exportPage(userId: number, lockIds: readonly number[] | undefined, page: Paging) {
    const { total, rows } = await holdingsPage(this.db, await this.exportScope(userId, lockIds), page);
    const list = rows.map((row) => ({ ...lockUserRowOf(row), account: row.account, nickname: row.nickname || null }));
    return pageOf(list, total, page.pageNo, page.pageSize);
  }

  /** Exports are the owner's, with the advanced function (spec section 6), on their own locks. */
  private async exportScope(userId: number, lockIds: readonly number[] | undefined): Promise<HoldingScope> {
    if (lockIds) {
      const owned = await ownedLocksAmong(this.db, userId, [...lockIds]);
      if (owned.length !== lockIds.length) throw new ApiError('noPermission', {}, 'lockIds');
    }
    await requireAdvancedFunction(this.db, userId);
    return { userId, ownedOnly: true, lockIds };
  }
}
