import type { z } from 'zod';
import type { ErrorName } from '../errors';

/** Who may make a call: anyone signed by a known app, or only a logged-in user. */
export type CallAuth = 'public' | 'session';

export interface CallDefinition<P extends z.ZodType = z.ZodType, D extends z.ZodType = z.ZodType> {
  /** The path after /api, as in spec section 7. */
  readonly path: `/${string}`;
  readonly method: 'GET' | 'POST';
  readonly auth: CallAuth;
  /** What the call does, for docs/api.md and the OpenAPI document. */
  readonly summary: string;
  readonly params: P;
  readonly data: D;
  /**
   * Takes a multipart body: the signed parameters as fields first, then one file in `part`, at
   * most `maxBytes` (the server reads no file before the caller is checked, and no more than this).
   */
  readonly upload?: Upload;
}

export interface Upload {
  /** The file's part name ("photo", "avatar"). */
  readonly part: string;
  readonly maxBytes: number;
  /** The catalogue error for a file over `maxBytes`, with the cap as its `megabytes` parameter. */
  readonly tooLarge: ErrorName;
}

export function defineCall<P extends z.ZodType, D extends z.ZodType>(call: CallDefinition<P, D>): CallDefinition<P, D> {
  return call;
}

export type ParamsOf<C> = C extends CallDefinition<infer P, z.ZodType> ? z.input<P> : never;
export type ParsedParamsOf<C> = C extends CallDefinition<infer P, z.ZodType> ? z.output<P> : never;
export type DataOf<C> = C extends CallDefinition<z.ZodType, infer D> ? z.output<D> : never;
