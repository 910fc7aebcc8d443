import { ERRORS, encodeSliderTrack, user } from '@smartlock/contract';
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateCounters, sliderChallenges } from '../../../db/schema';
import { loggedInClient, PASSWORD } from '../../../test/fixtures';
import { dataOf, startTestServer, TestClient, type TestServer } from '../../../test/harness';
import { durationOf, pointerDrag, trackOf } from '../../../test/humanDrag';
import { dragTo, lookedAt, servedPuzzle, solvedSliderToken } from '../../../test/slider';
import { PUZZLE } from './puzzle';
import { SLIDER_TOLERANCE_PX } from './sliderService';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const db = () => server.app.services.database.db;

/** Answers a served puzzle with `x`, dragged there by a person after a look. */
async function answer(offset: number) {
  let p = await servedPuzzle(server);
  // A slider reaches 0 to width - pieceSize: a gap near the end is served again for an offset past it.
  while (p.answer + offset > PUZZLE.width - PUZZLE.piece) p = await servedPuzzle(server);
  await lookedAt(server, p.sliderId);
  const x = p.answer + offset;
  return server.client().call(user.isSliderValid, { sliderId: p.sliderId, x, track: dragTo(x) });
}

describe('slider check', () => {
  it('serves a picture with gaps and the piece as PNG, without the answer', async () => {
    const reply = await server.client().call(user.getSliderVerifyImg);
    const data = dataOf(reply);
    expect(String(data.backgroundImage)).toMatch(/^data:image\/png;base64,/);
    expect(String(data.pieceImage)).toMatch(/^data:image\/png;base64,/);
    expect(data).toMatchObject({ width: 320, height: 160, pieceSize: 56 });
    expect(Object.keys(data).sort()).toEqual(
      ['backgroundImage', 'expiresIn', 'height', 'pieceImage', 'pieceSize', 'pieceY', 'sliderId', 'width'].sort(),
    );
  });

  it.each([-SLIDER_TOLERANCE_PX, 0, SLIDER_TOLERANCE_PX])('accepts an answer off by %i px', async (offset) => {
    const reply = await answer(offset);
    expect(reply.body.errorCode).toBe(0);
    expect(reply.body.data?.sliderToken).toBeTruthy();
  });

  it.each([-(SLIDER_TOLERANCE_PX + 1), SLIDER_TOLERANCE_PX + 1, -50])(
    'refuses an answer off by %i px',
    async (offset) => {
      expect((await answer(offset)).body.errorCode).toBe(ERRORS.sliderFailed.code);
    },
  );

  it('refuses the right answer when no hand dragged it there: no drag, a jump, a glide at one speed', async () => {
    const glide = (x: number) =>
      encodeSliderTrack(Array.from({ length: 60 }, (_, i) => ({ t: i * 17, x: Math.round((x * i) / 59), y: i % 3 })));
    const jump = (x: number) =>
      encodeSliderTrack([
        { t: 0, x: 0, y: 0 },
        { t: 30, x, y: 1 },
      ]);
    for (const track of [undefined, jump, glide]) {
      const p = await servedPuzzle(server);
      await lookedAt(server, p.sliderId);
      const reply = await server.client().call(user.isSliderValid, {
        sliderId: p.sliderId,
        x: p.answer,
        track: track?.(p.answer),
      });
      expect(reply.body.errorCode).toBe(ERRORS.sliderFailed.code);
      expect(reply.body.description).toBe('');
    }
  });

  it('refuses a drag that lasted longer than the puzzle has been on screen (the server keeps the time)', async () => {
    const p = await servedPuzzle(server);
    // A person's drag, made to last 5 s, sent at once: the puzzle was served only just now.
    const drag = pointerDrag(p.answer, PUZZLE.width - PUZZLE.piece, Math.random, true);
    const stretch = 5000 / durationOf(drag);
    const track = trackOf(drag.map((point) => ({ ...point, t: point.t * stretch })));
    const reply = await server.client().call(user.isSliderValid, { sliderId: p.sliderId, x: p.answer, track });
    expect(reply.body.errorCode).toBe(ERRORS.sliderFailed.code);
  });

  it('takes one answer per puzzle: a second try, even right, is refused', async () => {
    const p = await servedPuzzle(server);
    await lookedAt(server, p.sliderId);
    await server
      .client()
      .call(user.isSliderValid, { sliderId: p.sliderId, x: p.answer + 30, track: dragTo(p.answer + 30) });
    const again = await server
      .client()
      .call(user.isSliderValid, { sliderId: p.sliderId, x: p.answer, track: dragTo(p.answer) });
    expect(again.body.errorCode).toBe(ERRORS.sliderExpired.code);
  });

  it('refuses an expired puzzle and an unknown one', async () => {
    const p = await servedPuzzle(server);
    await db()
      .update(sliderChallenges)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(sliderChallenges.id, p.sliderId));
    expect(
      (await server.client().call(user.isSliderValid, { sliderId: p.sliderId, x: p.answer, track: dragTo(p.answer) }))
        .body.errorCode,
    ).toBe(ERRORS.sliderExpired.code);
    expect((await server.client().call(user.isSliderValid, { sliderId: 'nope', x: 1 })).body.errorCode).toBe(
      ERRORS.sliderExpired.code,
    );
  });
});

describe('login brute-force limits', () => {
  const WRONG = 'Wrong#2026';

  async function failLogin(client: TestClient, account: string, times: number) {
    for (let i = 0; i < times; i++) {
      const reply = await client.call(user.login, { account, password: WRONG });
      expect(reply.body.errorCode).toBe(ERRORS.wrongAccountOrPassword.code);
    }
  }

  /** A login with a solved slider, from `client`'s address. */
  async function loginWithSlider(client: TestClient, account: string, password: string) {
    return client.call(user.login, { account, password, sliderToken: await solvedSliderToken(server, client) });
  }

  /** Moves the clock of one address's failures on an account back by `seconds` (as if they had waited). */
  async function waited(account: string, client: TestClient, seconds: number) {
    await db()
      .update(rateCounters)
      .set({ windowStart: sql`${rateCounters.windowStart} - make_interval(secs => ${seconds})` })
      .where(eq(rateCounters.key, `login:pair:${account}|${client.ip}`));
  }

  it('asks for the slider after three failures and accepts each token once', async () => {
    await loggedInClient(server, 'brute@example.com');
    await failLogin(server.client(), 'brute@example.com', 3);
    const blocked = await server.client().call(user.login, { account: 'brute@example.com', password: PASSWORD });
    expect(blocked.body.errorCode).toBe(ERRORS.sliderRequired.code);

    const token = await solvedSliderToken(server);
    const wrongAgain = await server.client().call(user.login, {
      account: 'brute@example.com',
      password: WRONG,
      sliderToken: token,
    });
    expect(wrongAgain.body.errorCode).toBe(ERRORS.wrongAccountOrPassword.code);
    const reused = await server.client().call(user.login, {
      account: 'brute@example.com',
      password: PASSWORD,
      sliderToken: token,
    });
    expect(reused.body.errorCode).toBe(ERRORS.sliderRequired.code);

    const ok = await loginWithSlider(server.client(), 'brute@example.com', PASSWORD);
    expect(ok.body.errorCode).toBe(0);
    const fresh = await server.client().call(user.login, { account: 'brute@example.com', password: PASSWORD });
    expect(fresh.body.errorCode).toBe(0);
  });

  it("never locks an account: a stranger's 15 failures from 3 addresses do not keep the owner out of their own", async () => {
    const account = 'besieged@example.com';
    const { client: owner } = await loggedInClient(server, account);
    for (let address = 0; address < 3; address++) {
      const stranger = server.client();
      for (let i = 0; i < 5; i++) {
        const reply = await loginWithSlider(stranger, account, WRONG);
        expect(reply.body.errorCode).toBe(ERRORS.wrongAccountOrPassword.code);
      }
      // The stranger's own address now waits; no other address does.
      expect((await loginWithSlider(stranger, account, WRONG)).body.errorCode).toBe(ERRORS.tryAgainLater.code);
    }
    const withoutSlider = await owner.call(user.login, { account, password: PASSWORD });
    expect(withoutSlider.body.errorCode).toBe(ERRORS.sliderRequired.code);
    const withSlider = await loginWithSlider(owner, account, PASSWORD);
    expect(withSlider.body.errorCode, JSON.stringify(withSlider.body)).toBe(0);
    expect((await owner.call(user.getInfo)).body.errorCode).toBe(0);
  });

  it('makes one address wait longer after each further failure: 30 s, 60 s, then 2 minutes, even for the right password', async () => {
    const account = 'guessed-here@example.com';
    await loggedInClient(server, account);
    const client = server.client();
    await failLogin(client, account, 3);
    for (let i = 0; i < 2; i++) {
      expect((await loginWithSlider(client, account, WRONG)).body.errorCode).toBe(ERRORS.wrongAccountOrPassword.code);
    }
    const waits: string[] = [];
    for (const seconds of [30, 60, 120]) {
      const held = await loginWithSlider(client, account, PASSWORD);
      expect(held.status).toBe(429);
      waits.push(held.body.errorMsg);
      await waited(account, client, seconds - 10);
      expect((await loginWithSlider(client, account, PASSWORD)).status).toBe(429);
      await waited(account, client, 10);
      expect((await loginWithSlider(client, account, WRONG)).body.errorCode).toBe(ERRORS.wrongAccountOrPassword.code);
    }
    expect(waits).toEqual([
      'Too many failed attempts. Try again in 30 seconds.',
      'Too many failed attempts. Try again in 60 seconds.',
      'Too many failed attempts. Try again in 2 minutes.',
    ]);
    const inGerman = await new TestClient(server.app, 'de_DE', client.ip).call(user.login, {
      account,
      password: PASSWORD,
    });
    expect(inGerman.body.errorMsg).toMatch(/Versuchen Sie es in (4|3) Minuten erneut/);
  });

  it('forgets the waits after a success: the next failure goes at once and asks no slider', async () => {
    const account = 'forgetful@example.com';
    await loggedInClient(server, account);
    const client = server.client();
    await failLogin(client, account, 3);
    for (let i = 0; i < 2; i++) await loginWithSlider(client, account, WRONG);
    expect((await loginWithSlider(client, account, PASSWORD)).body.errorCode).toBe(ERRORS.tryAgainLater.code);
    await waited(account, client, 30);
    expect((await loginWithSlider(client, account, PASSWORD)).body.errorCode).toBe(0);
    expect(
      await db()
        .select()
        .from(rateCounters)
        .where(like(rateCounters.key, `login:%${account}%`)),
    ).toEqual([]);
    await failLogin(client, account, 3);
    expect((await client.call(user.login, { account, password: PASSWORD })).body.errorCode).toBe(
      ERRORS.sliderRequired.code,
    );
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
      sliderToken: await solvedSliderToken(server, client),
    });
    expect(solved.body.errorCode).toBe(0);
  });
});
