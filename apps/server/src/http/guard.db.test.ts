import { canonicalString, ERRORS, user } from '@smartlock/contract';
import de from '@smartlock/contract/messages/de_DE.json' with { type: 'json' };
import zhTW from '@smartlock/contract/messages/zh_TW.json' with { type: 'json' };
import vectors from '@smartlock/contract/test-vectors/signature.json' with { type: 'json' };
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { outbox } from '../db/schema';
import { hmacHex } from '../security/crypto';
import { startTestServer, type TestServer } from '../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const outboxSize = async () => (await server.app.services.database.db.select({ n: count() }).from(outbox))[0]?.n;

describe('request signature on the server', () => {
  for (const vector of vectors.vectors) {
    it(`node:crypto reproduces the shared vector: ${vector.name}`, () => {
      expect(hmacHex(vector.secret, canonicalString(vector.path, vector.params))).toBe(vector.sign);
    });
  }
});

describe('signed envelope', () => {
  const params = { account: 'guard@example.com', type: 1 };

  async function refusedBeforeHandler(run: () => Promise<{ status: number; body: { errorCode: number } }>) {
    const sendSpy = vi.spyOn(server.app.services.codes, 'send');
    const before = await outboxSize();
    const reply = await run();
    expect(sendSpy).not.toHaveBeenCalled();
    expect(await outboxSize()).toBe(before);
    sendSpy.mockRestore();
    return reply;
  }

  it('refuses a call with no signature and runs no handler', async () => {
    const client = server.client();
    const signed = await client.signed(user.sendValidationCode, params);
    delete (signed as Record<string, string>).sign;
    const reply = await refusedBeforeHandler(() => client.send('POST', user.sendValidationCode.path, signed));
    expect(reply.status).toBe(403);
    expect(reply.body.errorCode).toBe(ERRORS.badSignature.code);
  });

  it('refuses a wrong signature and runs no handler', async () => {
    const client = server.client();
    const reply = await refusedBeforeHandler(() =>
      client.call(user.sendValidationCode, params, { sign: 'a'.repeat(64) }),
    );
    expect(reply.body.errorCode).toBe(ERRORS.badSignature.code);
  });

  it('refuses a tampered parameter and runs no handler', async () => {
    const client = server.client();
    const reply = await refusedBeforeHandler(() =>
      client.call(user.sendValidationCode, params, { tamper: { account: 'victim@example.com' } }),
    );
    expect(reply.body.errorCode).toBe(ERRORS.badSignature.code);
  });

  it('refuses a signature made with another secret', async () => {
    const client = server.client();
    const reply = await refusedBeforeHandler(() =>
      client.call(user.sendValidationCode, params, {
        app: { appId: 'smartlock-console', secret: 'guessed-secret-000000' },
      }),
    );
    expect(reply.body.errorCode).toBe(ERRORS.badSignature.code);
  });

  it('refuses an unknown app id', async () => {
    const client = server.client();
    const reply = await refusedBeforeHandler(() =>
      client.call(user.sendValidationCode, params, { app: { appId: 'nobody', secret: 'whatever-secret-123' } }),
    );
    expect(reply.body.errorCode).toBe(ERRORS.unknownApp.code);
  });

  it.each([
    ['six minutes old', -6 * 60_000],
    ['six minutes ahead', 6 * 60_000],
  ])('refuses a timestamp %s, correctly signed', async (_label, offset) => {
    const client = server.client();
    const reply = await refusedBeforeHandler(() =>
      client.call(user.sendValidationCode, params, { timestamp: Date.now() + offset }),
    );
    expect(reply.body.errorCode).toBe(ERRORS.staleTimestamp.code);
  });

  it('refuses a missing or malformed timestamp', async () => {
    const client = server.client();
    const reply = await refusedBeforeHandler(() =>
      client.call(user.sendValidationCode, { ...params, timestamp: 'yesterday' }),
    );
    expect(reply.body.errorCode).toBe(ERRORS.staleTimestamp.code);
  });

  it('accepts a timestamp four minutes old', async () => {
    const reply = await server.client().call(user.getSliderVerifyImg, {}, { timestamp: Date.now() - 4 * 60_000 });
    expect(reply.body.errorCode).toBe(0);
  });

  it('refuses a state-changing call replayed inside the window', async () => {
    const client = server.client();
    const signed = await client.signed(user.sendValidationCode, { account: 'replay@example.com', type: 1 });
    const first = await client.send('POST', user.sendValidationCode.path, signed);
    expect(first.body.errorCode).toBe(0);
    const before = await outboxSize();
    const again = await client.send('POST', user.sendValidationCode.path, signed);
    expect(again.status).toBe(403);
    expect(again.body.errorCode).toBe(ERRORS.replayedRequest.code);
    expect(await outboxSize()).toBe(before);
  });

  it('lets a read be repeated (nothing changes)', async () => {
    const client = server.client();
    const signed = await client.signed(user.getSliderVerifyImg, {});
    expect((await client.send('GET', user.getSliderVerifyImg.path, signed)).body.errorCode).toBe(0);
    expect((await client.send('GET', user.getSliderVerifyImg.path, signed)).body.errorCode).toBe(0);
  });

  it('answers in the requested language', async () => {
    const reply = await server.client('de_DE').call(user.sendValidationCode, params, { sign: 'b'.repeat(64) });
    expect(reply.body.errorMsg).toBe(de.errors.badSignature);
    const hk = await server.client('zh_HK').call(user.getInfo, {});
    expect(hk.body.errorCode).toBe(ERRORS.notLoggedIn.code);
    expect(hk.body.errorMsg).toBe(zhTW.errors.notLoggedIn);
  });
});
