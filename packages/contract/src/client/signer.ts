import { RequestParam, signRequest } from '../signature';
import { Timestamps, type WireParams, wireParams } from './wire';

/** The app a call is signed as: its id and shared secret (spec section 7). */
export interface AppCredentials {
  readonly appId: string;
  readonly secret: string;
}

/** What a signature covers besides the call's own parameters. */
export interface SignOptions {
  /** The reply language. */
  lang?: string;
  /** The brand's package name. */
  packageName?: string;
  /** Sign at this time instead of the next timestamp. */
  timestamp?: number;
}

/**
 * Signs calls as one app: the call's parameters on the wire, then `appId`, `timestamp`, `lang` and
 * `packageName` where the parameters name none, then `sign` over all of them. Files of an upload
 * are not parameters and are not signed (docs/api.md).
 */
export class RequestSigner {
  private readonly timestamps = new Timestamps();

  async sign(
    path: string,
    params: WireParams,
    app: AppCredentials,
    options: SignOptions = {},
  ): Promise<Record<string, string>> {
    const fields = wireParams(params);
    fields[RequestParam.appId] ??= app.appId;
    fields[RequestParam.timestamp] ??= String(options.timestamp ?? this.timestamps.next());
    if (options.lang) fields[RequestParam.lang] ??= options.lang;
    if (options.packageName) fields[RequestParam.packageName] ??= options.packageName;
    fields[RequestParam.sign] = await signRequest(path, fields, app.secret);
    return fields;
  }
}
