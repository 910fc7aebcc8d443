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

/**
 * A call as a client needs it to send one: where, how, who may, what it uploads. Its types (of
 * parameters and data) come along from the definition `C`; its schemas do not, so the browser's
 * pages need not load the schema library (src/refs/ holds every call's).
 */
export interface CallRef<C extends CallDefinition = CallDefinition> {
  readonly path: C['path'];
  readonly method: C['method'];
  readonly auth: CallAuth;
  readonly upload?: Upload;
  /** Types only: never there at run time. */
  readonly definition?: C;
}

export function isCallDefinition(value: unknown): value is CallDefinition {
  return typeof value === 'object' && value !== null && 'path' in value && 'method' in value && 'params' in value;
}

/** A definition's reference: what the browser keeps of it. */
export function refOf(call: CallDefinition): Omit<CallRef, 'definition'> {
  return {
    path: call.path,
    method: call.method,
    auth: call.auth,
    ...(call.upload ? { upload: call.upload } : {}),
  };
}

export type ParamsOf<C> =
  C extends CallDefinition<infer P, z.ZodType> ? z.input<P> : C extends CallRef<infer D> ? ParamsOf<D> : never;
export type ParsedParamsOf<C> = C extends CallDefinition<infer P, z.ZodType> ? z.output<P> : never;
export type DataOf<C> =
  C extends CallDefinition<z.ZodType, infer D> ? z.output<D> : C extends CallRef<infer E> ? DataOf<E> : never;
