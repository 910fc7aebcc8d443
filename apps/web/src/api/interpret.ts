import { type ClientMessage, type Envelope, ERRORS, isLoginExpired } from '@smartlock/contract';

/** Why a call failed, and what the console does about it (spec section 8). */
export type Failure =
  /** -4 / -2000: clear user info, go to the login screen with the login-expired notice. */
  | { kind: 'loginExpired'; code: number; message: string }
  /** -2018: the no-permission message. */
  | { kind: 'noPermission'; code: number; message: string }
  /** Any other server code: the server's own (translated) message. */
  | { kind: 'server'; code: number; message: string; description: string }
  /** No envelope: the HTTP status with its text. */
  | { kind: 'http'; status: number; messageKey: ClientMessage }
  /** 301 or 302, or a redirect to the root: back to login. */
  | { kind: 'redirect'; status: number }
  /** Status 0: the network failed. */
  | { kind: 'network'; cause: string }
  /** The reply had no content. */
  | { kind: 'empty' };

export type Outcome<T> = { ok: true; data: T } | { ok: false; failure: Failure };

export interface RawReply {
  status: number;
  /** The body as text ('' for none). */
  text: string;
  /** The request ended at the site root through redirects. */
  redirectedToRoot?: boolean;
  /** Set when fetch itself failed. */
  networkError?: string;
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return (
    typeof value === 'object' && value !== null && typeof (value as { errorCode?: unknown }).errorCode === 'number'
  );
}

const HTTP_MESSAGES: Record<number, ClientMessage> = { 400: 'http400', 403: 'http403', 408: 'http408', 614: 'http614' };

/** One mapping from a reply to data or a failure, for every call the console makes. */
export function interpretReply<T>(reply: RawReply): Outcome<T> {
  if (reply.networkError !== undefined || reply.status === 0) {
    return { ok: false, failure: { kind: 'network', cause: reply.networkError ?? 'no response' } };
  }
  if (reply.redirectedToRoot || reply.status === 301 || reply.status === 302) {
    return { ok: false, failure: { kind: 'redirect', status: reply.status } };
  }
  if (reply.text.trim() === '') return { ok: false, failure: { kind: 'empty' } };
  let body: unknown;
  try {
    body = JSON.parse(reply.text);
  } catch {
    body = undefined;
  }
  if (isEnvelope(body)) {
    const message = body.errorMsg || body.description || '';
    if (body.errorCode === ERRORS.success.code) return { ok: true, data: body.data as T };
    if (isLoginExpired(body.errorCode))
      return { ok: false, failure: { kind: 'loginExpired', code: body.errorCode, message } };
    if (body.errorCode === ERRORS.noPermission.code) {
      return { ok: false, failure: { kind: 'noPermission', code: body.errorCode, message } };
    }
    return {
      ok: false,
      failure: { kind: 'server', code: body.errorCode, message, description: body.description ?? '' },
    };
  }
  if (reply.status >= 200 && reply.status < 300) {
    return body === undefined || body === null
      ? { ok: false, failure: { kind: 'empty' } }
      : { ok: true, data: body as T };
  }
  return {
    ok: false,
    failure: { kind: 'http', status: reply.status, messageKey: HTTP_MESSAGES[reply.status] ?? 'http500' },
  };
}

/** An array of replies succeeds only if every item succeeds; the first failure is reported. */
export function interpretAll<T>(replies: Outcome<T>[]): Outcome<T[]> {
  if (replies.length === 0) return { ok: false, failure: { kind: 'empty' } };
  const failed = replies.find((r) => !r.ok);
  if (failed && !failed.ok) return failed;
  return { ok: true, data: replies.map((r) => (r as { ok: true; data: T }).data) };
}
