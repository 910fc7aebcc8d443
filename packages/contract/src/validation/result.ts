import type { ErrorName } from '../errors';

/** A rule's verdict: fine, or the catalogue error to show (with its message parameters). */
export type Verdict = { ok: true } | { ok: false; error: ErrorName; params?: Record<string, string | number> };

export const OK: Verdict = { ok: true };

export function fail(error: ErrorName, params?: Record<string, string | number>): Verdict {
  return params ? { ok: false, error, params } : { ok: false, error };
}

/** The first failing verdict, or OK. */
export function firstFailure(...verdicts: (() => Verdict)[]): Verdict {
  for (const check of verdicts) {
    const verdict = check();
    if (!verdict.ok) return verdict;
  }
  return OK;
}
