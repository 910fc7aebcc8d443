import {
  ACCESS_TOKEN_COOKIE,
  type CallDefinition,
  type DataOf,
  type Envelope,
  type ErrorName,
  errorNameOf,
  isLoginExpired,
  type ParamsOf,
  RequestParam,
  signRequest,
  user,
} from '@smartlock/contract';

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

interface AppConfig {
  appId: string;
  appSecret: string;
}

type Params = Record<string, string | number | boolean | null | undefined>;

/**
 * The API as the console calls it: signed with the console's app id and secret (from
 * /app-config.json), the session in the ACCESS_TOKEN cookie after /user/login. A session that
 * expires is opened again once with the same account.
 */
export class ApiClient {
  private app: AppConfig | undefined;
  private cookie: string | undefined;
  private lastTimestamp = 0;
  private credentials: { account: string; password: string; countryCode?: string } | undefined;

  constructor(
    /** Where the server is, e.g. http://127.0.0.1:8080. */
    readonly baseUrl: string,
    private readonly lang = 'en_US',
  ) {}

  async login(account: string, password: string, countryCode?: string): Promise<void> {
    this.credentials = { account, password, ...(countryCode ? { countryCode } : {}) };
    await this.call(user.login, this.credentials);
  }

  async call<C extends CallDefinition>(call: C, params: ParamsOf<C>): Promise<DataOf<C>> {
    try {
      return await this.send(call, params as Params);
    } catch (error) {
      const expired = error instanceof ApiCallError && isLoginExpired(error.errorCode);
      if (!expired || !this.credentials || call.path === user.login.path) throw error;
      await this.send(user.login, this.credentials);
      return this.send(call, params as Params);
    }
  }

  private async send<C extends CallDefinition>(call: C, params: Params): Promise<DataOf<C>> {
    const app = await this.appConfig();
    const signed: Record<string, string> = {};
    for (const [key, value] of Object.entries(params))
      if (value !== undefined && value !== null) signed[key] = String(value);
    signed[RequestParam.appId] = app.appId;
    signed[RequestParam.timestamp] = String(this.timestamp());
    signed[RequestParam.lang] = this.lang;
    signed[RequestParam.sign] = await signRequest(call.path, signed, app.appSecret);
    const body = new URLSearchParams(signed).toString();
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
    return call.data.parse(envelope.data) as DataOf<C>;
  }

  private async appConfig(): Promise<AppConfig> {
    if (this.app) return this.app;
    const response = await fetch(new URL('/app-config.json', this.baseUrl));
    const config = (await response.json()) as Partial<AppConfig>;
    if (typeof config.appId !== 'string' || typeof config.appSecret !== 'string') {
      throw new Error(`${this.baseUrl}/app-config.json has no appId and appSecret`);
    }
    this.app = { appId: config.appId, appSecret: config.appSecret };
    return this.app;
  }

  /** A fresh, strictly increasing timestamp: two calls never share a signature. */
  private timestamp(): number {
    this.lastTimestamp = Math.max(Date.now(), this.lastTimestamp + 1);
    return this.lastTimestamp;
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
