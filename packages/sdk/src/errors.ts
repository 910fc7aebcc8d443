import { type ErrorName, errorNameOf } from '@smartlock/contract';

/**
 * A call the API refused or could not answer: the catalogue's code and name (docs/api.md,
 * "Replies"), its message in the reply language, and the developer detail (which field or rule).
 */
export class SmartLockError extends Error {
  /** The catalogue's name of the error (`lockNotFound`, `badParameter`...), when the code is known. */
  readonly errorName: ErrorName | undefined;

  constructor(
    /** The call, e.g. `/lock/list`. */
    readonly path: string,
    /** The HTTP status. */
    readonly status: number,
    /** The catalogue's code; -1 when the answer was not an API reply at all. */
    readonly errorCode: number,
    /** The message for people, translated. */
    message: string,
    /** Which field or rule failed, for developers. */
    readonly description: string,
    /** How long to wait before trying again, when the API said (429, 503). */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'SmartLockError';
    this.errorName = errorNameOf(errorCode);
  }
}
