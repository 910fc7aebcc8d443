import { ERRORS, user } from '@smartlock/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sliderChallenges } from '../../../db/schema';
import { loggedInClient, PASSWORD } from '../../../test/fixtures';
import { startTestServer, type TestServer } from '../../../test/harness';
import { SLIDER_TOLERANCE_PX } from './sliderService';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Puzzle = { sliderId: string; backgroundImage: string; pieceImage: string; pieceY: number };

async function puzzle() {
  const reply = await server.client().call<Puzzle>(user.getSliderVerifyImg);
  const data = reply.body.data as Puzzle;
  const [row] = await server.app.services.database.db
    .select()
    .from(sliderChallenges)
    .where(eq(sliderChallenges.id, data.sliderId));
  return { ...data, answer: row?.answerX as number };
}

describe('slider check', () => {
  it('serves a picture with a gap and the piece as PNG, without the answer', async () => {
    const reply = await server.client().call<Record<string, unknown>>(user.getSliderVerifyImg);
    const data = reply.body.data ?? {};
    expect(String(data.backgroundImage)).toMatch(/^data:image\/png;base64,/);
    expect(String(data.pieceImage)).toMatch(/^data:image\/png;base64,/);
    expect(Object.keys(data)).not.toContain('x');
    expect(JSON.stringify(data)).not.toMatch(/answer/i);
  });

  it.each([-SLIDER_TOLERANCE_PX, 0, SLIDER_TOLERANCE_PX])('accepts an answer off by %i px', async (offset) => {
    const p = await puzzle();
    const reply = await server.client().call<{ sliderToken: string }>(user.isSliderValid, {
      sliderId: p.sliderId,
      x: p.answer + offset,
    });
    expect(reply.body.errorCode).toBe(0);
    expect(reply.body.data?.sliderToken).toBeTruthy();
  });

  it.each([-(SLIDER_TOLERANCE_PX + 1), SLIDER_TOLERANCE_PX + 1, 200])(
    'refuses an answer off by %i px',
    async (offset) => {
      const p = await puzzle();
      const reply = await server.client().call(user.isSliderValid, { sliderId: p.sliderId, x: p.answer + offset });
      expect(reply.body.errorCode).toBe(ERRORS.sliderFailed.code);
    },
  );

  it('takes one answer per puzzle: a second try, even right, is refused', async () => {
    const p = await puzzle();
    await server.client().call(user.isSliderValid, { sliderId: p.sliderId, x: p.answer + 30 });
    const again = await server.client().call(user.isSliderValid, { sliderId: p.sliderId, x: p.answer });
    expect(again.body.errorCode).toBe(ERRORS.sliderExpired.code);
  });

  it('refuses an expired puzzle and an unknown one', async () => {
    const p = await puzzle();
    await server.app.services.database.db
      .update(sliderChallenges)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(sliderChallenges.id, p.sliderId));
    expect((await server.client().call(user.isSliderValid, { sliderId: p.sliderId, x: p.answer })).body.errorCode).toBe(
      ERRORS.sliderExpired.code,
    );
    expect((await server.client().call(user.isSliderValid, { sliderId: 'nope', x: 1 })).body.errorCode).toBe(
      ERRORS.sliderExpired.code,
    );
  });
});

describe('login brute-force limits', () => {
  async function failLogin(account: string, times: number) {
    for (let i = 0; i < times; i++) {
      const reply = await server.client().call(user.login, { account, password: 'Wrong#2026' });
      expect(reply.body.errorCode).toBe(ERRORS.wrongAccountOrPassword.code);
    }
  }

  async function solvedToken() {
    const p = await puzzle();
    const reply = await server
      .client()
      .call<{ sliderToken: string }>(user.isSliderValid, { sliderId: p.sliderId, x: p.answer });
    return reply.body.data?.sliderToken as string;
  }

  it('asks for the slider after three failures and accepts each token once', async () => {
    await loggedInClient(server, 'brute@example.com');
    await failLogin('brute@example.com', 3);
    const blocked = await server.client().call(user.login, { account: 'brute@example.com', password: PASSWORD });
    expect(blocked.body.errorCode).toBe(ERRORS.sliderRequired.code);

    const token = await solvedToken();
    const wrongAgain = await server.client().call(user.login, {
      account: 'brute@example.com',
      password: 'Wrong#2026',
      sliderToken: token,
    });
    expect(wrongAgain.body.errorCode).toBe(ERRORS.wrongAccountOrPassword.code);
    const reused = await server.client().call(user.login, {
      account: 'brute@example.com',
      password: PASSWORD,
      sliderToken: token,
    });
    expect(reused.body.errorCode).toBe(ERRORS.sliderRequired.code);

    const ok = await server.client().call(user.login, {
      account: 'brute@example.com',
      password: PASSWORD,
      sliderToken: await solvedToken(),
    });
    expect(ok.body.errorCode).toBe(0);
    const fresh = await server.client().call(user.login, { account: 'brute@example.com', password: PASSWORD });
    expect(fresh.body.errorCode).toBe(0);
  });

  it('locks the account after ten failures, even for the right password', async () => {
    await loggedInClient(server, 'locked@example.com');
    await failLogin('locked@example.com', 3);
    for (let i = 0; i < 7; i++) {
      const reply = await server.client().call(user.login, {
        account: 'locked@example.com',
        password: 'Wrong#2026',
        sliderToken: await solvedToken(),
      });
      expect(reply.body.errorCode).toBe(ERRORS.wrongAccountOrPassword.code);
    }
    const right = await server.client().call(user.login, {
      account: 'locked@example.com',
      password: PASSWORD,
      sliderToken: await solvedToken(),
    });
    expect(right.status).toBe(429);
    expect(right.body.errorCode).toBe(ERRORS.accountLocked.code);
    expect(right.body.errorMsg).toMatch(/1[0-5] minutes/);
  });

  it('asks for the slider once one address has requested many codes', async () => {
    const client = server.client();
    for (let i = 0; i < 5; i++) {
      const reply = await client.call(user.sendValidationCode, { account: `flood${i}@example.com`, type: 1 });
      expect(reply.body.errorCode).toBe(0);
    }
    const sixth = await client.call(user.sendValidationCode, { account: 'flood5@example.com', type: 1 });
    expect(sixth.body.errorCode).toBe(ERRORS.sliderRequired.code);
    const solved = await client.call(user.sendValidationCode, {
      account: 'flood5@example.com',
      type: 1,
      sliderToken: await solvedToken(),
    });
    expect(solved.body.errorCode).toBe(0);
  });
});
