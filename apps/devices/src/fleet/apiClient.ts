import {
  ACCESS_TOKEN_COOKIE,
  type CallDefinition,
  type CallRef,
  type DataOf,
  definitionOf,
  type Envelope,
  type ErrorName,
  errorNameOf,
  isLoginExpired,
  user,
} from '@smartlock/contract';
import { type AppCredentials, Caller, type ParamsArg } from '@smartlock/contract/client';

/** A call the server answered with an error code. */
export class ApiCallError extends Error {
  readonly errorName: ErrorName | undefined;

  constructor(
    readonly path: string,
    readonly errorCode: number,
    description: string,
  ) {
    const errorName = errorNameOf(errorCode);
    super(`${path}: ${errorName ?? 'error'} (${errorCode})${description ? `: ${description}` : ''}`);
    this.errorName = errorName;
  }
}

/**
 * The API as the console calls it: signed with the console's app id and secret (from
 * /app-config.json), the session in the ACCESS_TOKEN cookie after /user/login. A session that
 * expires is opened again once with the same account.
 */
export class ApiClient {
  private app: AppCredentials | undefined;
  private cookie: string | undefined;
  private credentials: { account: string; password: string; countryCode?: string } | undefined;
  private readonly caller: Caller<unknown>;

  constructor(
    /** Where the server is, e.g. http://127.0.0.1:8080. */
    readonly baseUrl: string,
    lang = 'en_US',
  ) {
    this.caller = new Caller<unknown>({
      app: () => this.appConfig(),
      lang: () => lang,
      send: ({ call, fields }) => this.send(call, fields),
      dataOf: (envelope, call) => definitionOf(call as CallRef<CallDefinition>).data.parse(envelope),
    });
  }

  async login(account: string, password: string, countryCode?: string): Promise<void> {
    this.credentials = { account, password, ...(countryCode ? { countryCode } : {}) };
    await this.caller.call(user.login, this.credentials);
  }

  async call<C extends CallDefinition>(call: C, ...params: ParamsArg<C>): Promise<DataOf<C>> {
    try {
      return await this.caller.call(call, ...params);
    } catch (error) {
      const expired = error instanceof ApiCallError && isLoginExpired(error.errorCode);
      if (!expired || !this.credentials || call.path === user.login.path) throw error;
      await this.caller.call(user.login, this.credentials);
      return this.caller.call(call, ...params);
    }
  }

  /** Sends signed fields; the reply's data (a reply with an error code is thrown as ApiCallError). */
  private async send(call: CallRef, fields: Record<string, string>): Promise<unknown> {
    const body = new URLSearchParams(fields).toString();
    const url = new URL(`/api${call.path}`, this.baseUrl);
    const headers: Record<string, string> = {};
    if (this.cookie) headers.cookie = `${ACCESS_TOKEN_COOKIE}=${this.cookie}`;
    let response: Response;
    if (call.method === 'GET') {
      url.search = body;
      response = await fetch(url, { headers });
    } else {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      response = await fetch(url, { method: 'POST', headers, body });
    }
    this.keepSession(response);
    const envelope = (await response.json().catch(() => undefined)) as Envelope<unknown> | undefined;
    if (!envelope || typeof envelope.errorCode !== 'number') {
      throw new ApiCallError(call.path, -1, `HTTP ${response.status} without a reply envelope`);
    }
    if (envelope.errorCode !== 0) throw new ApiCallError(call.path, envelope.errorCode, envelope.description);
    return envelope.data;
  }

  private async appConfig(): Promise<AppCredentials> {
    if (this.app) return this.app;
    const response = await fetch(new URL('/app-config.json', this.baseUrl));
    const config = (await response.json()) as { appId?: unknown; appSecret?: unknown };
    if (typeof config.appId !== 'string' || typeof config.appSecret !== 'string') {
      throw new Error(`${this.baseUrl}/app-config.json has no appId and appSecret`);
    }
    this.app = { appId: config.appId, secret: config.appSecret };
    return this.app;
  }

  private keepSession(response: Response): void {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = cookie.split(';');
      const at = pair.indexOf('=');
      if (pair.slice(0, at).trim() !== ACCESS_TOKEN_COOKIE) continue;
      const value = pair.slice(at + 1).trim();
      const removed = value === '' || attributes.some((a) => /^\s*max-age\s*=\s*0\s*$/i.test(a));
      this.cookie = removed ? undefined : value;
    }
  }
}
