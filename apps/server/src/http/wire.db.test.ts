import { ERRORS, user } from '@smartlock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('wire format', () => {
  it('wraps every reply in the envelope', async () => {
    const reply = await server.client().call(user.getSliderVerifyImg, {});
    expect(Object.keys(reply.body).sort()).toEqual(['data', 'description', 'errorCode', 'errorMsg']);
    expect(reply.body.errorMsg).toBe('Operation succeeded');
  });

  it('refuses a JSON body on a form call', async () => {
    const client = server.client();
    const signed = await client.signed(user.login, { account: 'a@example.com', password: 'x' });
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: JSON.stringify(signed),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().errorCode).toBe(ERRORS.unsupportedContentType.code);
  });

  it('refuses a parameter given twice', async () => {
    const client = server.client();
    const signed = await client.signed(user.login, { account: 'a@example.com', password: 'x' });
    const body = `${new URLSearchParams(signed).toString()}&account=b%40example.com`;
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: body,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errorCode).toBe(ERRORS.badParameter.code);
  });

  it('refuses an oversized body', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: `account=${'a'.repeat(1_100_000)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().errorCode).toBe(ERRORS.payloadTooLarge.code);
  });

  it('answers an unknown call, or a call with the wrong method, with not-found', async () => {
    const unknown = await server.app.inject({ method: 'GET', url: '/api/lock/nothing' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errorCode).toBe(ERRORS.notFound.code);
    const wrongMethod = await server.app.inject({ method: 'GET', url: '/api/user/login' });
    expect(wrongMethod.json().errorCode).toBe(ERRORS.notFound.code);
  });

  it('refuses parameters that break the call schema with bad-parameter and its field', async () => {
    const reply = await server.client().call(user.sendValidationCode, { account: 'x@example.com', type: 2 });
    expect(reply.status).toBe(400);
    expect(reply.body.errorCode).toBe(ERRORS.badParameter.code);
    expect(reply.body.description).toMatch(/^type/);
  });

  it('reports health with the database engine', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok' });
  });

  it('hands the console its app id and signing key', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/app-config.json' });
    expect(response.json()).toMatchObject({ appId: 'smartlock-console', appSecret: 'test-console-secret-0123456789' });
  });
});
