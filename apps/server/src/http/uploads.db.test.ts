import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ACCESS_TOKEN_COOKIE, ERRORS, lockCredential, user } from '@smartlock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addLock } from '../test/devices';
import { loggedInClient } from '../test/fixtures';
import { startTestServer, type TestClient, type TestServer } from '../test/harness';

/**
 * Uploads are read only for a checked caller and only up to their call's cap: a stranger's large
 * upload is refused from its fields, before its file arrives; a body announcing more than the
 * call takes is refused at once; a malformed body is a bad parameter, never a server error.
 */

let server: TestServer;
let owner: TestClient;
let lockId: number;
let port: number;
const { face } = lockCredential;

beforeAll(async () => {
  server = await startTestServer();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  port = (server.app.server.address() as AddressInfo).port;
  owner = (await loggedInClient(server, 'uploads-owner@example.com')).client;
  lockId = await addLock(owner, 'Front door', ['face']);
}, 60_000);
afterAll(() => server?.close());

/**
 * Sends an unsigned upload of `megabytes` of photo, a chunk at a time (its length announced, or
 * chunked without one), and resolves with the answer and how much of the body had been sent when
 * it came.
 */
function unsignedUpload(
  megabytes: number,
  announce: boolean,
): Promise<{ status: number; body: string; sentBytes: number }> {
  const boundary = 'stranger';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="appId"\r\n\r\nsmartlock-console\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="lockId"\r\n\r\n${lockId}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  const total = head.length + megabytes * 1024 * 1024;
  return new Promise((resolve, reject) => {
    let sentBytes = 0;
    let answered = false;
    const chunk = Buffer.alloc(64 * 1024, 0xff);
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/face/checkPhoto',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        ...(announce ? { 'content-length': String(total) } : { 'transfer-encoding': 'chunked' }),
      },
    });
    req.on('response', (response) => {
      answered = true;
      let body = '';
      response.on('data', (data) => {
        body += data;
      });
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, body, sentBytes });
        req.destroy();
      });
    });
    req.on('error', (error) => (answered ? undefined : reject(error)));
    const pump = () => {
      while (!answered && sentBytes < total) {
        const piece = sentBytes === 0 ? head : chunk.subarray(0, Math.min(chunk.length, total - sentBytes));
        sentBytes += piece.length;
        if (!req.write(piece)) return void req.once('drain', pump);
      }
    };
    pump();
  });
}

describe('uploads', () => {
  it('refuses an unsigned upload of 52 MB sent without its length from its fields, long before its file is sent', async () => {
    const answer = await unsignedUpload(52, false);
    expect(answer.status).toBe(403);
    // Refused by the signed envelope (it carries no timestamp, nor a signature).
    expect([ERRORS.staleTimestamp.code, ERRORS.badSignature.code]).toContain(JSON.parse(answer.body).errorCode);
    expect(answer.sentBytes).toBeLessThan(52 * 1024 * 1024);
  });

  it('refuses an upload announcing 52 MB at once, its body unread', async () => {
    const answer = await unsignedUpload(52, true);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).errorCode).toBe(ERRORS.payloadTooLarge.code);
    expect(answer.sentBytes).toBeLessThan(52 * 1024 * 1024);
  });

  it('refuses a body announcing more than the call takes before reading it', async () => {
    const reply = await server.app.inject({
      method: 'POST',
      url: '/api/face/checkPhoto',
      payload: '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--b--\r\n',
      headers: { 'content-type': 'multipart/form-data; boundary=b', 'content-length': String(60 * 1024 * 1024) },
    });
    expect(reply.statusCode).toBe(413);
    expect(reply.json().errorCode).toBe(ERRORS.payloadTooLarge.code);
  });

  it('reads a signed-in owner’s photo no further than the call’s cap', async () => {
    const reply = await owner.callMultipart(face.checkPhoto, {}, [
      { field: 'photo', filename: 'big.jpg', contentType: 'image/jpeg', data: Buffer.alloc(2 * 1024 * 1024 + 1) },
    ]);
    expect(reply.status).toBe(413);
    expect(reply.body.errorCode).toBe(ERRORS.photoTooLarge.code);
    expect(reply.body.errorMsg).toContain('2 MB');
  });

  it.each([
    ['truncated', (body: string) => body.slice(0, body.length - 30), 'multipart/form-data; boundary=b'],
    ['with a boundary it does not use', (body: string) => body, 'multipart/form-data; boundary=other'],
    ['without a boundary', (body: string) => body, 'multipart/form-data'],
  ])('answers a malformed body (%s) as a bad parameter, logging no stack trace', async (_what, cut, type) => {
    const before = server.logs.length;
    const signed = await owner.signed(user.updateUserInfo, { nickname: 'x' });
    const fields = Object.entries(signed)
      .map(([name, value]) => `--b\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join('');
    const body =
      fields +
      '--b\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n' +
      `${'p'.repeat(100)}\r\n--b--\r\n`;
    const reply = await server.app.inject({
      method: 'POST',
      url: `/api${user.updateUserInfo.path}`,
      payload: cut(body),
      headers: { 'content-type': type, cookie: `${ACCESS_TOKEN_COOKIE}=${owner.cookie}` },
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().errorCode).toBe(ERRORS.badParameter.code);
    const logged = server.logs.slice(before).join('');
    expect(logged).not.toMatch(/"stack"|\n\s+at /);
    expect(logged).not.toContain('"level":50');
  });
});
