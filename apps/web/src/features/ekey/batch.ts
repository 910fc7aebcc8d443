import { normalizeCountryCode, parseAccount, RECIPIENTS_PER_CALL_MAX } from '@smartlock/contract';

/** A recipient of a batch: an account, with its calling code when it is a mobile number. */
export interface BatchReceiver {
  receiverUsername: string;
  countryCode?: string;
}

/** One /ekey/sendBatch call: every lock with every recipient. */
export interface BatchChunk {
  lockIds: number[];
  receivers: BatchReceiver[];
}

/** One lock and recipient pair, and what became of it. */
export interface BatchRow {
  lockId: number;
  receiverUsername: string;
  keyId: number | null;
  /** 0 sent; else the catalogue code of why not. */
  errorCode: number;
  /** Why the whole call failed (network, permission), already in the user's language. */
  callFailure?: string;
}

/** The contract takes at most RECIPIENTS_PER_CALL_MAX recipients and IDS_PER_CALL_MAX locks per call; the console sends small chunks to show progress. */
export const PAIRS_PER_CALL = 50;

export const pairCount = (chunk: BatchChunk): number => chunk.lockIds.length * chunk.receivers.length;

const sameReceiver = (a: BatchReceiver, b: BatchReceiver) =>
  a.receiverUsername.toLowerCase() === b.receiverUsername.toLowerCase() &&
  (a.countryCode ?? '') === (b.countryCode ?? '');

/** Adds a recipient once (an email address in any case; a mobile number with the same calling code). */
export function addReceiver(list: readonly BatchReceiver[], receiver: BatchReceiver): BatchReceiver[] {
  const username = receiver.receiverUsername.trim();
  if (username === '' || list.length >= RECIPIENTS_PER_CALL_MAX) return [...list];
  const countryCode = receiver.countryCode ? normalizeCountryCode(receiver.countryCode) : undefined;
  const next: BatchReceiver = countryCode
    ? { receiverUsername: username, countryCode }
    : { receiverUsername: username };
  return list.some((other) => sameReceiver(other, next)) ? [...list] : [...list, next];
}

/**
 * The recipients a batch starts with, from a link's `account` (a lock user's eKey account: an
 * email address, or a mobile number with its calling code); none when absent or not an account.
 */
export function batchReceiversOf(account: string | null): BatchReceiver[] {
  if (account === null || !parseAccount(account).ok) return [];
  return addReceiver([], { receiverUsername: account });
}

function slices<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Splits a batch into calls of at most `maxPairs` lock and recipient pairs, in lock order: several
 * locks per call when there are few recipients, else one lock per call with the recipients in
 * slices. Every pair is in exactly one call.
 */
export function batchChunks(
  lockIds: readonly number[],
  receivers: readonly BatchReceiver[],
  maxPairs: number = PAIRS_PER_CALL,
): BatchChunk[] {
  const locks = [...new Set(lockIds)];
  if (locks.length === 0 || receivers.length === 0) return [];
  const size = Math.max(1, maxPairs);
  if (receivers.length >= size) {
    return locks.flatMap((lockId) => slices(receivers, size).map((part) => ({ lockIds: [lockId], receivers: part })));
  }
  const locksPerCall = Math.max(1, Math.floor(size / receivers.length));
  return slices(locks, locksPerCall).map((part) => ({ lockIds: part, receivers: [...receivers] }));
}

/** The parameters of one /ekey/sendBatch call. */
export function batchParams<G extends object>(chunk: BatchChunk, grant: G, createUser: boolean) {
  return {
    lockIds: chunk.lockIds.join(','),
    receivers: JSON.stringify(chunk.receivers),
    createUser,
    ...grant,
  };
}

/** Every pair of a call that failed as a whole, each with the call's failure. */
export function failedChunkRows(chunk: BatchChunk, callFailure: string): BatchRow[] {
  return chunk.lockIds.flatMap((lockId) =>
    chunk.receivers.map((receiver) => ({
      lockId,
      receiverUsername: receiver.receiverUsername,
      keyId: null,
      errorCode: -1,
      callFailure,
    })),
  );
}

/** Done out of all, as a whole percentage (0 when there is nothing to do). */
export function batchPercent(done: number, total: number): number {
  return total <= 0 ? 0 : Math.min(100, Math.floor((done / total) * 100));
}

export function batchTally(rows: readonly BatchRow[]): { sent: number; failed: number } {
  const sent = rows.filter((row) => row.errorCode === 0 && row.callFailure === undefined).length;
  return { sent, failed: rows.length - sent };
}

/**
 * Sends the chunks one after another; a chunk whose call fails as a whole marks all its pairs
 * failed and the batch goes on. `onProgress` hears the rows so far and the pairs done after
 * each call. Stops early when `cancelled` says so.
 */
export async function runBatch(
  chunks: readonly BatchChunk[],
  send: (chunk: BatchChunk) => Promise<BatchRow[]>,
  describeFailure: (error: unknown) => string,
  onProgress: (rows: BatchRow[], done: number, total: number) => void,
  cancelled: () => boolean = () => false,
): Promise<BatchRow[]> {
  const total = chunks.reduce((sum, chunk) => sum + pairCount(chunk), 0);
  let rows: BatchRow[] = [];
  let done = 0;
  for (const chunk of chunks) {
    if (cancelled()) break;
    let result: BatchRow[];
    try {
      result = await send(chunk);
    } catch (error) {
      result = failedChunkRows(chunk, describeFailure(error));
    }
    rows = [...rows, ...result];
    done += pairCount(chunk);
    onProgress(rows, done, total);
  }
  return rows;
}
