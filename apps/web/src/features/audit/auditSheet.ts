import type { SheetColumn, SheetRow } from '@smartlock/contract';
import type { AuditEntry, ChainStatus } from './auditApi';

/** A field changed by an entry: its value before and after (undefined where the side does not name it). */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** The fields an entry's before and after name, each side's value; unchanged fields last. */
export function changesOf(entry: Pick<AuditEntry, 'before' | 'after'>): FieldChange[] {
  const fields = new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})]);
  const changes = [...fields].map((field) => ({ field, before: entry.before?.[field], after: entry.after?.[field] }));
  const same = (change: FieldChange) => JSON.stringify(change.before) === JSON.stringify(change.after);
  return [...changes.filter((c) => !same(c)), ...changes.filter(same)];
}

/** A value as one line of text: text as is, anything else as JSON, nothing as empty. */
export function valueText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The export's header words, in the reader's language. */
export interface AuditSheetWords {
  columns: readonly string[];
  /** The trailer line: the chain's head, by seq and hash. */
  head: (seq: number, hash: string) => string;
  /** The trailer line when the chain does not verify. */
  broken: (seq: number) => string;
}

/**
 * The export: one row per entry (seq, time in ISO 8601 UTC, account, actor, how, session, API
 * key, address, agent, call, lock, target, parameters, before, after, previous hash, hash), then
 * a trailer row with the chain's head seq and hash, so a copy proves which head it was read at.
 */
export function auditSheet(entries: readonly AuditEntry[], chain: ChainStatus, words: AuditSheetWords) {
  const columns: SheetColumn[] = words.columns.map((header) => ({ header }));
  const rows: SheetRow[] = entries.map((e) => [
    e.seq,
    new Date(e.at).toISOString(),
    e.accountId,
    e.actorAccount || (e.actorUserId ?? ''),
    e.actorKind,
    e.sessionId,
    e.apiKeyId,
    e.ip,
    e.userAgent,
    e.path,
    e.lockAlias ?? e.lockId,
    valueText(e.target),
    valueText(e.params),
    valueText(e.before),
    valueText(e.after),
    e.prevHash,
    e.hash,
  ]);
  const trailer = chain.ok ? words.head(chain.headSeq, chain.headHash) : words.broken(chain.brokenSeq ?? 0);
  return { columns, rows: [...rows, [], [trailer, chain.headSeq, chain.headHash]] as SheetRow[] };
}
