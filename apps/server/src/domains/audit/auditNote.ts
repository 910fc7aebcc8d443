import { AsyncLocalStorage } from 'node:async_hooks';
import type { Tx } from '../../db/client';
import { auditedValue } from './auditCalls';

/** The entry of the call being handled, filled in as the handler runs. */
export interface PendingAudit {
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  /** Appends the entry in this transaction (a service's transaction); the call's wrapper does it otherwise. */
  writeWithin: ((tx: Tx) => Promise<void>) | undefined;
  written: boolean;
}

const current = new AsyncLocalStorage<PendingAudit>();

/** Runs an audited call's handler with its pending entry. */
export function withPendingAudit<T>(pending: PendingAudit, run: () => Promise<T>): Promise<T> {
  return current.run(pending, run);
}

/**
 * What an audited call changed, as the service knew it: the fields before and after
 * (`auditChange({ name: 'Front' }, { name: 'Back door' })`). Notes add up within one call;
 * outside an audited call (a device's report, a test) it does nothing.
 */
export function auditChange(before: Record<string, unknown>, after: Record<string, unknown>): void {
  const pending = current.getStore();
  if (!pending) return;
  pending.before = { ...pending.before, ...(auditedValue(before) as Record<string, unknown>) };
  pending.after = { ...pending.after, ...(auditedValue(after) as Record<string, unknown>) };
}

/**
 * Appends the current call's entry inside the service's own transaction, so the change and its
 * entry commit together or not at all. Call it last in the transaction, after `auditChange`.
 */
export async function auditWithin(tx: Tx): Promise<void> {
  const pending = current.getStore();
  if (!pending?.writeWithin || pending.written) return;
  await pending.writeWithin(tx);
  pending.written = true;
}
