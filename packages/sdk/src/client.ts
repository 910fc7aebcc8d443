import type { CallRef, DataOf, RemoteOperation } from '@smartlock/contract';
import {
  type AppCredentials,
  type ParamsArg,
  RequestSigner,
  type WireParams,
  wireParams,
} from '@smartlock/contract/client';
import * as calls from '@smartlock/contract/refs';
import pRetry, { AbortError } from 'p-retry';
import { SmartLockError } from './errors';

/** How the client reaches the API and who it calls as. */
export interface SmartLockOptions {
  /** Where the product answers, e.g. `https://locks.example.com`. */
  baseUrl: string;
  /** An API key from the console's Developer page (`slk_...`): sent as `Authorization: Bearer`. */
  apiKey?: string;
  /** Or: an application's id and secret, to sign calls as that application (docs/api.md, "The signature"). */
  app?: AppCredentials;
  /** With `app`: the session token `/user/login` answered, for calls that need a session. */
  accessToken?: string;
  /** The reply language (`en_US`, `de_DE`, ...): error messages come translated. */
  lang?: string;
  /** The longest wait for one answer, in milliseconds (default 30 s). */
  timeoutMs?: number;
  /**
   * How often a call answered 429 (rate limited) or 503 (the service busy for a moment) is tried
   * again, waiting as `Retry-After` says (default 3; 0 never tries again). Only reads (GET) and
   * those two answers are retried: nothing was done, so trying again is safe.
   */
  retries?: number;
  /** The fetch to send with (default: the global one). */
  fetch?: typeof fetch;
}

/** The reply envelope every call answers with (docs/api.md, "Replies"). */
interface Envelope {
  errorCode: number;
  errorMsg: string;
  description: string;
  data: unknown;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_RETRIES = 3;
/** The longest wait before trying again, whatever Retry-After says. */
const MAX_RETRY_WAIT_MS = 60_000;

/** Statuses that say nothing was done and the same call may be sent again later. */
const RETRYABLE = new Set([429, 503]);

/**
 * The SmartLock Cloud API, typed by its contract: `call(calls.lock.list, { pageNo: 1 })` answers
 * the call's data as the contract types it, or throws a `SmartLockError` with the catalogue's
 * code, name and (translated) message.
 */
export class SmartLock {
  private readonly signer = new RequestSigner();
  private readonly fetch: typeof fetch;

  constructor(private readonly options: SmartLockOptions) {
    if (!options.apiKey && !options.app) throw new TypeError('SmartLock needs an apiKey, or app credentials');
    if (options.apiKey && !options.apiKey.startsWith('slk_')) throw new TypeError('an API key starts with "slk_"');
    this.fetch = options.fetch ?? globalThis.fetch;
  }

  /** Makes one call; its data, or a thrown SmartLockError. */
  async call<C extends CallRef>(call: C, ...[params]: ParamsArg<C>): Promise<DataOf<C>> {
    const retries = call.method === 'GET' ? (this.options.retries ?? DEFAULT_RETRIES) : 0;
    return pRetry(() => this.send(call, (params ?? {}) as WireParams), {
      retries,
      // Waits come from the answer's Retry-After (set on the error), not from a fixed schedule.
      minTimeout: 0,
      maxTimeout: 0,
      randomize: false,
      onFailedAttempt: async (error) => {
        const wait = error instanceof SmartLockError ? error.retryAfterMs : undefined;
        if (wait !== undefined && error.retriesLeft > 0) await sleep(Math.min(wait, MAX_RETRY_WAIT_MS));
      },
    }) as Promise<DataOf<C>>;
  }

  /**
   * Every item of a paged list call, page after page (`pageNo` is set here; `pageSize` defaults to
   * the largest page the API gives, 200).
   */
  async *items<C extends CallRef>(call: C, ...[params]: ParamsArg<C>): AsyncGenerator<ListItem<DataOf<C>>> {
    const given = (params ?? {}) as WireParams;
    const pageSize = given.pageSize ?? 200;
    for (let pageNo = 1; ; pageNo++) {
      const page = (await (this.call as (c: CallRef, p: WireParams) => Promise<unknown>)(call, {
        ...given,
        pageNo,
        pageSize,
      })) as { list: ListItem<DataOf<C>>[]; pages: number };
      yield* page.list;
      if (pageNo >= page.pages || page.list.length === 0) return;
    }
  }

  /**
   * A remote operation (remote unlock, a passcode added through the gateway, ...) once it has
   * ended: asked again every `everyMs` (default 500 ms) until it finishes or passes the deadline
   * the API gave it. Ended does not mean succeeded: read `state` (2 success) and `errorCode`.
   */
  async operationEnd(operation: RemoteOperation, everyMs = 500): Promise<RemoteOperation> {
    let current = operation;
    // Bounded by the operation's own deadline (plus a little for the answer to arrive).
    while (current.finishedAt === null && Date.now() < current.deadline + 5_000) {
      await sleep(everyMs);
      current = await this.call(calls.lock.getRemoteOperation, { operationId: current.operationId });
    }
    return current;
  }

  private async send(call: CallRef, params: WireParams): Promise<unknown> {
    const fields = await this.fields(call, params);
    const url = new URL(`/api${call.path}`, this.options.baseUrl);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.options.apiKey) headers.authorization = `Bearer ${this.options.apiKey}`;
    const body = new URLSearchParams(fields).toString();
    const init: RequestInit = { headers, signal: AbortSignal.timeout(this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS) };
    if (call.method === 'GET') url.search = body;
    else {
      init.method = 'POST';
      headers['content-type'] = 'application/x-www-form-urlencoded';
      init.body = body;
    }
    const response = await this.fetch(url, init);
    const envelope = (await response.json().catch(() => undefined)) as Envelope | undefined;
    if (!envelope || typeof envelope.errorCode !== 'number') {
      throw new AbortError(new SmartLockError(call.path, response.status, -1, `HTTP ${response.status}`, ''));
    }
    if (envelope.errorCode === 0) return envelope.data;
    const error = new SmartLockError(
      call.path,
      response.status,
      envelope.errorCode,
      envelope.errorMsg,
      envelope.description,
      retryAfterMs(response.headers.get('retry-after')),
    );
    if (!RETRYABLE.has(response.status)) throw new AbortError(error);
    throw error;
  }

  /** The call's parameters as sent: as they are with an API key, else signed as the application. */
  private async fields(call: CallRef, params: WireParams): Promise<Record<string, string>> {
    const { app, accessToken, lang } = this.options;
    const withSession = accessToken && call.auth === 'session' ? { ...params, accessToken } : params;
    if (!app) {
      const fields = wireParams(withSession);
      if (lang) fields.lang ??= lang;
      return fields;
    }
    return this.signer.sign(call.path, withSession, app, lang ? { lang } : {});
  }
}

/** One item of a list call's data (`data.list`). */
export type ListItem<D> = D extends { list: ReadonlyArray<infer I> } ? I : never;

/** Retry-After as milliseconds: seconds, or an HTTP date. */
function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
