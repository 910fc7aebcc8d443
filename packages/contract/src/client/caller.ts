import type { CallRef, DataOf, ParamsOf } from '../calls/define';
import type { RequestParam } from '../signature';
import { type AppCredentials, RequestSigner, type SignOptions } from './signer';
import type { WireParams } from './wire';

/**
 * A call's parameters as the contract types them, plus the parameters every call may carry. A call
 * whose type is not known (a loop over every call) takes any parameters.
 */
export type CallParams<C> =
  unknown extends ParamsOf<C>
    ? WireParams
    : OwnParams<C> & { readonly [K in (typeof RequestParam)[keyof typeof RequestParam]]?: string | number };

/** The call's own parameters (none for a call whose schema is the empty object). */
// biome-ignore lint/complexity/noBannedTypes: an empty object type: no parameters of its own
type OwnParams<C> = string extends keyof ParamsOf<C> ? {} : OnTheWire<ParamsOf<C>>;

/** A flag ("1" or "0" on the wire) may also be given as a number, sent in decimal as every number is. */
type OnTheWire<P> = { [K in keyof P]: '1' extends P[K] ? P[K] | number : P[K] };

/** The parameters argument: optional when the call requires none. */
export type ParamsArg<C, Rest extends unknown[] = []> =
  // biome-ignore lint/complexity/noBannedTypes: "requires no parameter" is exactly `{}` being assignable
  {} extends CallParams<C>
    ? [params?: CallParams<C>, ...rest: Partial<Rest>]
    : [params: CallParams<C>, ...rest: Partial<Rest>];

/**
 * A signed call as it leaves: the call, its signed fields, and what the transport takes beside
 * them (the files of an upload, a session, headers: `Extra`, given with the call).
 */
export interface SignedCall<Extra> {
  readonly call: CallRef;
  readonly fields: Record<string, string>;
  readonly extra?: Extra;
}

/** A call's signature as the caller's transport asks for it: another app, a fixed time. */
export interface CallSigning extends SignOptions {
  app?: AppCredentials;
}

export interface CallerOptions<Raw, Extra> {
  /** The app the calls are signed as (read when a call is made: a client may learn it late). */
  app: AppCredentials | (() => AppCredentials | Promise<AppCredentials>);
  /** The reply language and the brand, when the caller sends them. */
  lang?: () => string | undefined;
  packageName?: () => string | undefined;
  /** Sends a signed call; its reply as the transport gives it. */
  send: (signed: SignedCall<Extra>) => Promise<Raw>;
  /** How a call given this extra is signed, when the extra says (another app, a fixed time). */
  signing?: (extra: Extra | undefined) => CallSigning;
  /** A reply's data, or a thrown failure: how this caller reads replies. */
  dataOf: (raw: Raw, call: CallRef) => unknown;
}

/**
 * The one call core: `call(definition, params)` typed by the contract, signed with the contract's
 * signature, sent by the transport a client gives (fetch, or the server's in-process inject).
 * `callRaw` gives the transport's reply as it is; `call` its data (or the failure thrown).
 */
export class Caller<Raw, Extra = never> {
  private readonly signer = new RequestSigner();

  constructor(private readonly options: CallerOptions<Raw, Extra>) {}

  /** The call's fields, signed (`options` may name another app, fix the time, the language or the brand). */
  async sign(call: CallRef, params: WireParams, options: CallSigning = {}): Promise<Record<string, string>> {
    const app = options.app ?? (typeof this.options.app === 'function' ? await this.options.app() : this.options.app);
    return this.signer.sign(call.path, params, app, {
      lang: options.lang ?? this.options.lang?.(),
      packageName: options.packageName ?? this.options.packageName?.(),
      ...(options.timestamp !== undefined ? { timestamp: options.timestamp } : {}),
    });
  }

  /** Signs and sends; the reply as the transport gives it. */
  async callRaw<C extends CallRef>(call: C, ...[params, extra]: ParamsArg<C, [extra: Extra]>): Promise<Raw> {
    const fields = await this.sign(call, (params ?? {}) as WireParams, this.options.signing?.(extra));
    return this.options.send(extra === undefined ? { call, fields } : { call, fields, extra });
  }

  /** Signs and sends; the reply's data, typed by the contract (a failure is thrown). */
  async call<C extends CallRef>(call: C, ...args: ParamsArg<C, [extra: Extra]>): Promise<DataOf<C>> {
    return this.options.dataOf(await this.callRaw(call, ...args), call) as DataOf<C>;
  }
}
