import type { Verdict } from '@smartlock/contract';
import { ERRORS, type ErrorName } from '@smartlock/contract';

/** The only error a handler throws on purpose: a catalogue entry, its message parameters, a detail. */
export class ApiError extends Error {
  constructor(
    readonly errorName: ErrorName,
    readonly params: Record<string, string | number> = {},
    /** For developers: which field or rule; never secrets. */
    readonly detail = '',
  ) {
    super(`${errorName}${detail ? `: ${detail}` : ''}`);
  }

  get httpStatus(): number {
    return ERRORS[this.errorName].http;
  }

  /**
   * The detail a reply may carry. A refusal says nothing more than "no permission": its detail
   * (no such lock, not its owner, a key not valid now...) would tell a stranger whether an object
   * exists, so it stays in the log.
   */
  get publicDetail(): string {
    return this.errorName === 'noPermission' ? '' : this.detail;
  }
}

/** Throws the verdict's error when a contract rule fails. */
export function assertVerdict(verdict: Verdict, detail = ''): void {
  if (!verdict.ok) throw new ApiError(verdict.error, verdict.params, detail);
}
