import type { DataOf } from '@smartlock/contract';
import type { lockCredential } from '@smartlock/contract/refs';

/** What /fingerprint/add answers for each lock. */
export type FingerprintResult = DataOf<typeof lockCredential.fingerprint.add>['results'][number];

/** The scans a scanner asks for, until its first progress event says otherwise. */
export const DEFAULT_SCANS = 3;

/** How far a collection is, as a whole percentage (0 to 100). */
export function collectPercent(step: number, of: number): number {
  if (!(of > 0)) return 0;
  return Math.round((Math.min(Math.max(step, 0), of) / of) * 100);
}

/** How many locks took the fingerprint's request, and how many refused it (balance, support, ...). */
export function fingerprintTally(results: readonly FingerprintResult[]): { sent: number; refused: number } {
  const sent = results.filter((result) => result.errorCode === 0 && result.operation !== null).length;
  return { sent, refused: results.length - sent };
}
