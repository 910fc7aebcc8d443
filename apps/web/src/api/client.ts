import type { CallRef, DataOf } from '@smartlock/contract';
import { Caller, type CallParams, type ParamsArg } from '@smartlock/contract/client';
import { type Failure, interpretAll, interpretReply, type Outcome, type RawReply } from './interpret';

/** A call's parameters as the contract types them. */
export type { CallParams };

/** A failed call, carrying the mapped failure for the console's one reaction. */
export class CallFailure extends Error {
  constructor(readonly failure: Failure) {
    super(failure.kind);
  }
}

export interface ClientOptions {
  appId: string;
  appSecret: string;
  language: () => string;
  packageName: () => string | undefined;
  /** Called once per failure that the whole console reacts to (login expired, redirect). */
  onSessionLost: (failure: Failure) => void;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** The files of an upload (a multipart call), by part name: `{ photo: file }`. */
export type UploadFiles = Record<string, Blob>;

/**
 * The one API client: signs every call with the contract's signature, sends language and
 * package name, and maps every reply through `interpretReply`.
 */
export class ApiClient {
  private readonly caller: Caller<RawReply, UploadFiles>;

  constructor(private readonly options: ClientOptions) {
    this.caller = new Caller<RawReply, UploadFiles>({
      app: { appId: options.appId, secret: options.appSecret },
      lang: options.language,
      packageName: options.packageName,
      send: ({ call, fields, extra }) => this.send(call, fields, extra),
      dataOf: (raw) => raw,
    });
  }

  private async send(call: CallRef, fields: Record<string, string>, files?: UploadFiles): Promise<RawReply> {
    // Files are not parameters: the signature covers the fields only (docs/api.md).
    const body = new URLSearchParams(fields);
    const multipart = call.method === 'POST' && call.upload !== undefined && files !== undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.options.timeoutMs ?? 30_000);
    const doFetch = this.options.fetch ?? fetch;
    try {
      const response =
        call.method === 'GET'
          ? await doFetch(`/api${call.path}?${body}`, { credentials: 'same-origin', signal: controller.signal })
          : multipart
            ? await doFetch(`/api${call.path}`, {
                method: 'POST',
                credentials: 'same-origin',
                // The browser sets multipart/form-data with its boundary.
                body: multipartBody(fields, files),
                signal: controller.signal,
              })
            : await doFetch(`/api${call.path}`, {
                method: 'POST',
                credentials: 'same-origin',
                headers: { 'content-type': 'application/x-www-form-urlencoded' },
                body,
                signal: controller.signal,
              });
      const redirectedToRoot = response.redirected && new URL(response.url, location.origin).pathname === '/';
      return { status: response.status, text: await response.text(), redirectedToRoot };
    } catch (error) {
      if (controller.signal.aborted) return { status: 408, text: '' };
      return { status: 0, text: '', networkError: error instanceof Error ? error.message : String(error) };
    } finally {
      clearTimeout(timer);
    }
  }

  async outcome<C extends CallRef>(
    call: C,
    ...[params, files]: ParamsArg<C, [files: UploadFiles]>
  ): Promise<Outcome<DataOf<C>>> {
    const raw = await this.caller.callRaw(call as CallRef, params as CallParams<CallRef>, files);
    const outcome = interpretReply<DataOf<C>>(raw);
    if (!outcome.ok && (outcome.failure.kind === 'loginExpired' || outcome.failure.kind === 'redirect')) {
      this.options.onSessionLost(outcome.failure);
    }
    return outcome;
  }

  /** The call's data, or a thrown CallFailure. */
  async call<C extends CallRef>(call: C, ...[params]: ParamsArg<C>): Promise<DataOf<C>> {
    const outcome = await this.outcome(call as CallRef, params as CallParams<CallRef>);
    if (!outcome.ok) throw new CallFailure(outcome.failure);
    return outcome.data as DataOf<C>;
  }

  /**
   * An upload: a multipart call (the contract gives it an `upload`) whose fields are the
   * parameters and whose files are parts; the call's data, or a thrown CallFailure.
   */
  async upload<C extends CallRef>(call: C, params: CallParams<C>, files: UploadFiles): Promise<DataOf<C>> {
    if (call.upload === undefined) throw new Error(`${call.path} takes no upload`);
    const outcome = await this.outcome(call as CallRef, params as CallParams<CallRef>, files);
    if (!outcome.ok) throw new CallFailure(outcome.failure);
    return outcome.data as DataOf<C>;
  }

  /** Several calls that succeed together only if every one succeeds. */
  async all<C extends CallRef>(call: C, many: CallParams<C>[]): Promise<DataOf<C>[]> {
    const outcome = interpretAll(
      await Promise.all(many.map((params) => this.outcome(call as CallRef, params as CallParams<CallRef>))),
    );
    if (!outcome.ok) throw new CallFailure(outcome.failure);
    return outcome.data as DataOf<C>[];
  }
}

/** A multipart body: every signed field, then the files (each with its file name, if it has one). */
export function multipartBody(fields: Record<string, string>, files: UploadFiles = {}): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, file] of Object.entries(files)) {
    if (typeof File !== 'undefined' && file instanceof File) form.append(name, file, file.name);
    else form.append(name, file, name);
  }
  return form;
}
