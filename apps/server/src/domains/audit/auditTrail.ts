import type { Db } from '../../db/client';
import { entryHash, GENESIS_HASH } from './auditHash';
import {
  accountsToPrune,
  appendToChain,
  chainAccounts,
  chainHeadOf,
  entriesAfter,
  type NewAuditEntry,
  pruneChain,
} from './auditQueries';

/** Entries read per query while verifying: memory stays bounded whatever the chain's length. */
export const VERIFY_PAGE = 500;
/** Accounts pruned per maintenance round. */
const PRUNE_ACCOUNTS_PER_ROUND = 100;
const DAY_MS = 86_400_000;

/** Why a chain is broken at an entry. */
export type ChainBreak =
  /** The entry's fields no longer give its hash (edited). */
  | 'altered'
  /** The entry does not follow the one before (an entry before it altered or replaced). */
  | 'unlinked'
  /** The entry is missing (deleted), here or at the chain's end. */
  | 'missing';

export interface ChainVerdict {
  accountId: number;
  ok: boolean;
  /** Entries checked. */
  checked: number;
  /** The last seq proven, from the anchor on (the anchor's seq when none). */
  verifiedSeq: number;
  headSeq: number;
  headHash: string;
  /** Entries before this were removed by retention; the chain is proven from its hash on. */
  anchorSeq: number;
  brokenSeq: number | null;
  reason: ChainBreak | null;
}

/** The audit trail: appends to each account's hash chain, verifies a chain, applies retention. */
export class AuditTrail {
  constructor(private readonly db: Db) {}

  /** Appends an entry in a transaction of its own. */
  async append(entry: NewAuditEntry) {
    return this.db.transaction((tx) => appendToChain(tx, entry));
  }

  /**
   * Walks an account's chain from its anchor, page by page: each entry must come next, follow
   * its predecessor's hash and give its own hash; the last must be the head. Reports the first
   * entry that does not.
   */
  async verify(accountId: number): Promise<ChainVerdict> {
    const head = await chainHeadOf(this.db, accountId);
    const anchorSeq = head?.anchorSeq ?? 0;
    const verdict: ChainVerdict = {
      accountId,
      ok: true,
      checked: 0,
      verifiedSeq: anchorSeq,
      headSeq: head?.seq ?? 0,
      headHash: head?.hash ?? GENESIS_HASH,
      anchorSeq,
      brokenSeq: null,
      reason: null,
    };
    const broken = (seq: number, reason: ChainBreak): ChainVerdict => ({
      ...verdict,
      ok: false,
      brokenSeq: seq,
      reason,
    });
    let prevHash = head?.anchorHash ?? GENESIS_HASH;
    let expected = anchorSeq + 1;
    for (;;) {
      const page = await entriesAfter(this.db, accountId, expected - 1, VERIFY_PAGE);
      for (const row of page) {
        if (row.seq !== expected) return broken(expected, 'missing');
        if (row.prevHash !== prevHash) return broken(row.seq, 'unlinked');
        if (entryHash(row) !== row.hash) return broken(row.seq, 'altered');
        prevHash = row.hash;
        verdict.verifiedSeq = row.seq;
        verdict.checked += 1;
        expected += 1;
      }
      if (page.length < VERIFY_PAGE) break;
    }
    if (verdict.verifiedSeq < verdict.headSeq) return broken(verdict.verifiedSeq + 1, 'missing');
    if (prevHash !== verdict.headHash) return broken(verdict.headSeq, 'unlinked');
    return verdict;
  }

  /** Every chain's verdict, account by account (the command-line check). */
  async *verifyAll(): AsyncGenerator<ChainVerdict> {
    let after = 0;
    for (;;) {
      const accounts = await chainAccounts(this.db, after, 100);
      for (const accountId of accounts) yield await this.verify(accountId);
      if (accounts.length < 100) return;
      after = accounts[accounts.length - 1] as number;
    }
  }

  /**
   * Retention: removes entries older than `days` from the start of each chain, leaving the last
   * removed entry's seq and hash as the anchor. Returns how many entries went.
   */
  async prune(days: number, now = Date.now()): Promise<number> {
    const cutoff = now - days * DAY_MS;
    let removed = 0;
    for (const accountId of await accountsToPrune(this.db, cutoff, PRUNE_ACCOUNTS_PER_ROUND)) {
      removed += await this.db.transaction((tx) => pruneChain(tx, accountId, cutoff));
    }
    return removed;
  }
}
