import { CLIENT_MESSAGES, ERRORS, type ErrorName } from '@smartlock/contract';
import en from '@smartlock/contract/messages/en_US.json';
import { describe, expect, it } from 'vitest';
import { failureMessage } from './failureMessage';
import { interpretAll, interpretReply, type Outcome } from './interpret';

const envelope = (name: ErrorName, data: unknown = null) =>
  JSON.stringify({ errorCode: ERRORS[name].code, errorMsg: `server says ${name}`, description: '', data });

/** A stand-in for i18next's t: the English catalogue with interpolation. */
const t = ((key: string, params: Record<string, string> = {}) => {
  const [group, name] = key.split('.') as [keyof typeof en, string];
  const text = (en[group] as Record<string, string>)[name] ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_m, p: string) => params[p] ?? '');
}) as never;

describe('reply mapping, one case per catalogue entry', () => {
  for (const name of Object.keys(ERRORS) as ErrorName[]) {
    it(`maps ${name} (${ERRORS[name].code})`, () => {
      const outcome = interpretReply({
        status: ERRORS[name].http,
        text: envelope(name, name === 'success' ? { ok: 1 } : null),
      });
      if (name === 'success') {
        expect(outcome).toEqual({ ok: true, data: { ok: 1 } });
        return;
      }
      expect(outcome.ok).toBe(false);
      const failure = (outcome as Extract<Outcome<unknown>, { ok: false }>).failure;
      if (name === 'loginExpired' || name === 'notLoggedIn') {
        expect(failure.kind).toBe('loginExpired');
        expect(failureMessage(t, failure)).toBe(en.errors.loginExpired);
      } else if (name === 'noPermission') {
        expect(failure.kind).toBe('noPermission');
        expect(failureMessage(t, failure)).toBe(en.errors.noPermission);
      } else {
        expect(failure).toMatchObject({ kind: 'server', code: ERRORS[name].code });
        expect(failureMessage(t, failure)).toBe(`server says ${name}`);
      }
    });
  }

  it("shows 'operation failed' when the server sends an unknown code without a message", () => {
    const outcome = interpretReply({
      status: 500,
      text: JSON.stringify({ errorCode: 777, errorMsg: '', description: '', data: null }),
    });
    expect(outcome).toMatchObject({ ok: false, failure: { kind: 'server', code: 777 } });
    if (!outcome.ok) expect(failureMessage(t, outcome.failure)).toBe(en.errors.operationFailed);
  });
});

describe('HTTP statuses without an envelope', () => {
  it.each([
    [400, 'Bad parameter (400)'],
    [403, 'Rejected by the server (403)'],
    [408, 'Request timed out. Check your network. (408)'],
    [500, 'Server error (500)'],
    [502, 'Server error (502)'],
    [614, 'Upload failed: the file already exists. (614)'],
  ])('shows %i with its text and status', (status, text) => {
    const outcome = interpretReply({ status, text: '<html>oops</html>' });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(failureMessage(t, outcome.failure)).toBe(text);
  });

  it('reports a network error with its cause', () => {
    const outcome = interpretReply({ status: 0, text: '', networkError: 'Failed to fetch' });
    expect(outcome).toMatchObject({ ok: false, failure: { kind: 'network' } });
    if (!outcome.ok) expect(failureMessage(t, outcome.failure)).toBe('Network error: Failed to fetch');
  });

  it.each([301, 302])('sends %i back to login', (status) => {
    expect(interpretReply({ status, text: '' })).toMatchObject({ ok: false, failure: { kind: 'redirect' } });
  });

  it('treats a redirect that ended at the root as a lost session', () => {
    expect(interpretReply({ status: 200, text: '<html></html>', redirectedToRoot: true })).toMatchObject({
      ok: false,
      failure: { kind: 'redirect' },
    });
  });

  it('reports an empty reply', () => {
    const outcome = interpretReply({ status: 200, text: '' });
    expect(outcome).toEqual({ ok: false, failure: { kind: 'empty' } });
    if (!outcome.ok) expect(failureMessage(t, outcome.failure)).toBe(en.client.emptyReply);
  });

  it('has a message for every client condition', () => {
    for (const key of CLIENT_MESSAGES) expect(en.client[key]).toBeTruthy();
  });
});

describe('arrays of replies', () => {
  const ok = (data: number): Outcome<number> => ({ ok: true, data });
  it('succeed when every item succeeds', () => {
    expect(interpretAll([ok(1), ok(2)])).toEqual({ ok: true, data: [1, 2] });
  });
  it('fail with the first failing item', () => {
    const failed: Outcome<number> = { ok: false, failure: { kind: 'empty' } };
    expect(interpretAll([ok(1), failed, ok(3)])).toEqual(failed);
  });
  it('fail when empty', () => {
    expect(interpretAll([])).toEqual({ ok: false, failure: { kind: 'empty' } });
  });
});
