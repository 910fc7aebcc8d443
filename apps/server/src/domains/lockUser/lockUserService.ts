import {
  CredentialKind,
  EKeyAuthorized,
  ERRORS,
  LOCK_CREDENTIAL_KINDS,
  type LockCredentialKind,
  type LockUserCredential,
  type LockUserItem,
  type RemoteOperation,
} from '@smartlock/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { locks } from '../../db/schema';
import { ApiError } from '../../http/apiError';
import { containsPattern, offsetOf, pageOf } from '../../http/paging';
import { mapAtMost } from '../../util/atMost';
import type { EKeyService } from '../ekey/ekeyService';
import type { LockCredentialService } from '../lockCredential/lockCredentialService';
import type { PasscodeService } from '../passcode/passcodeService';
import { requireAdvancedFunction } from '../vip/advancedFunction';
import { type HoldingRow, type HoldingScope, holdingOf, holdings, personKey, rowsOf } from './lockUserQueries';

interface Paging {
  pageNo: number;
  pageSize: number;
}

/** Credential deletions started at once for one lock user. */
const AT_ONCE = 8;

const KIND_OF_CREDENTIAL = new Map<string, LockCredentialKind>(
  LOCK_CREDENTIAL_KINDS.map((kind) => [CredentialKind[kind], kind]),
);

const COUNTED_KINDS = Object.values(CredentialKind);

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

/** Matches a person by key, account, name or nickname. */
function personMatches(search: string | undefined): SQL {
  if (!search) return sql`true`;
  const pattern = containsPattern(search);
  return sql`(h.who ilike ${pattern} or h.name ilike ${pattern} or h.nickname ilike ${pattern})`;
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
    const h = holdings({ userId });
    const people = sql`select h.who, coalesce(max(h.account), mode() within group (order by h.name)) as name, max(h.account) as account,
        max(h.nickname) as nickname, bool_or(h.kind = ${CredentialKind.eKey} and h.key_right = ${EKeyAuthorized.yes}) as is_admin,
        count(distinct h.lock_id)::int as lock_count, count(*)::int as credential_count,
        ${sql.join(
          COUNTED_KINDS.map((kind) => sql`count(*) filter (where h.kind = ${kind})::int as ${sql.raw(`"k_${kind}"`)}`),
          sql`, `,
        )} , min(h.end_date) filter (where h.end_date > ${Date.now()}) as next_end_date
      from (${h}) h
      group by h.who
      having bool_or(${personMatches(query.searchStr)})`;
    const [counted] = await rowsOf<{ total: number }>(this.db, sql`select count(*)::int as total from (${people}) p`);
    const rows = await rowsOf<Record<string, unknown>>(
      this.db,
      sql`${people} order by h.who limit ${query.pageSize} offset ${offsetOf(query.pageNo, query.pageSize)}`,
    );
    const list: LockUserItem[] = rows.map((row) => {
      return {
        lockUser: String(row.who),
        name: String(row.name),
        account: (row.account as string | null) ?? null,
        nickname: (row.nickname as string | null) || null,
        isAdmin: Boolean(row.is_admin),
        lockCount: Number(row.lock_count),
        credentialCount: Number(row.credential_count),
        kinds: Object.fromEntries(
          COUNTED_KINDS.map((kind) => [kind, Number(row[`k_${kind}`] ?? 0)]),
        ) as LockUserItem['kinds'],
        nextEndDate: row.next_end_date === null ? null : Number(row.next_end_date),
      };
    });
    return pageOf(list, counted?.total ?? 0, query.pageNo, query.pageSize);
  }

  /** One person's credentials, grouped by lock, a page of locks at a time. */
  async listLocks(userId: number, lockUser: string, page: Paging) {
    const who = personKey(lockUser);
    const h = holdings({ userId });
    const [counted] = await rowsOf<{ total: number }>(
      this.db,
      sql`select count(distinct h.lock_id)::int as total from (${h}) h where h.who = ${who}`,
    );
    const pageLocks = await rowsOf<{ lock_id: number }>(
      this.db,
      sql`select h.lock_id from (${h}) h where h.who = ${who}
        group by h.lock_id, h.lock_alias order by h.lock_alias, h.lock_id
        limit ${page.pageSize} offset ${offsetOf(page.pageNo, page.pageSize)}`,
    );
    const ids = pageLocks.map((row) => Number(row.lock_id));
    const held =
      ids.length === 0
        ? []
        : (
            await rowsOf<Record<string, unknown>>(
              this.db,
              sql`select * from (${h}) h where h.who = ${who} and h.lock_id in (${sql.join(ids, sql`, `)})
                order by h.kind, h.credential_id`,
            )
          ).map(holdingOf);
    const list = ids.map((lockId) => {
      const mine = held.filter((row) => row.lockId === lockId);
      const first = mine[0] as HoldingRow;
      return {
        lockId,
        lockAlias: first.lockAlias,
        timezoneRawOffset: first.timezoneRawOffset,
        credentials: mine.map(credentialOf),
      };
    });
    return pageOf(list, counted?.total ?? 0, page.pageNo, page.pageSize);
  }

  /** Credentials whose validity ends inside the window, soonest first. */
  async listExpiring(
    userId: number,
    query: Paging & { startDate: number; endDate: number; searchStr?: string | undefined },
  ) {
    const inWindow = sql`from (${holdings({ userId })}) h
      where h.end_date >= ${query.startDate} and h.end_date < ${query.endDate} and ${personMatches(query.searchStr)}`;
    const [counted] = await rowsOf<{ total: number }>(this.db, sql`select count(*)::int as total ${inWindow}`);
    const rows = await rowsOf<Record<string, unknown>>(
      this.db,
      sql`select * ${inWindow} order by h.end_date, h.who, h.credential_id
        limit ${query.pageSize} offset ${offsetOf(query.pageNo, query.pageSize)}`,
    );
    return pageOf(rows.map(holdingOf).map(lockUserRowOf), counted?.total ?? 0, query.pageNo, query.pageSize);
  }

  /**
   * Deletes a person from the caller's managed locks: their eKeys at once in one transaction (an
   * administrator's with the keys they sent; administrator keys only on locks the caller owns),
   * then each other credential through its lock's gateway, each answering on its own.
   */
  async remove(userId: number, lockUser: string) {
    const who = personKey(lockUser);
    const held = (
      await rowsOf<Record<string, unknown>>(
        this.db,
        sql`select * from (${holdings({ userId })}) h where h.who = ${who} order by h.lock_id, h.credential_id`,
      )
    ).map(holdingOf);
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
    const scope = await this.exportScope(userId, lockIds);
    const [counted] = await rowsOf<{ total: number; user_count: number }>(
      this.db,
      sql`select count(*)::int as total, count(distinct h.who)::int as user_count from (${holdings(scope)}) h`,
    );
    return { total: counted?.total ?? 0, userCount: counted?.user_count ?? 0 };
  }

  /** One page of the export, person then lock order. */
  async exportPage(userId: number, lockIds: readonly number[] | undefined, page: Paging) {
    const scope = await this.exportScope(userId, lockIds);
    const from = sql`from (${holdings(scope)}) h`;
    const [counted] = await rowsOf<{ total: number }>(this.db, sql`select count(*)::int as total ${from}`);
    const rows = (
      await rowsOf<Record<string, unknown>>(
        this.db,
        sql`select * ${from} order by h.who, h.lock_alias, h.lock_id, h.kind, h.credential_id
          limit ${page.pageSize} offset ${offsetOf(page.pageNo, page.pageSize)}`,
      )
    ).map(holdingOf);
    const list = rows.map((row) => ({ ...lockUserRowOf(row), account: row.account, nickname: row.nickname || null }));
    return pageOf(list, counted?.total ?? 0, page.pageNo, page.pageSize);
  }

  /** Exports are the owner's, with the advanced function (spec section 6), on their own locks. */
  private async exportScope(userId: number, lockIds: readonly number[] | undefined): Promise<HoldingScope> {
    if (lockIds) {
      const owned = await rowsOf<{ id: number }>(
        this.db,
        sql`select ${locks.id} as id from ${locks}
          where ${locks.ownerId} = ${userId} and ${locks.id} in (${sql.join([...lockIds], sql`, `)})`,
      );
      if (owned.length !== lockIds.length) throw new ApiError('noPermission', {}, 'lockIds');
    }
    await requireAdvancedFunction(this.db, userId);
    return { userId, ownedOnly: true, lockIds };
  }
}
