import { ERRORS, group, LockState, PasscodeStatus, PasscodeType, stayGuest } from '@smartlock/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { locks, passcodes, stayCredentials, stayFeeds, stays } from '../../db/schema';
import { loggedInClient } from '../../test/fixtures';
import type { FleetLock } from '../../test/fleetProcess';
import { type FleetServer, startFleetServer } from '../../test/fleetServer';
import { dataOf, type TestClient } from '../../test/harness';
import { GuestLinks } from './guestLink';
import { GUEST_UNLOCK_LIMIT, guestUnlockKey } from './stayGuestService';

const HOUR = 3_600_000;
let setup: FleetServer;
let owner: TestClient;
let stranger: TestClient;
let visitor: TestClient;
let door: FleetLock;
let ownerId: number;

const db = (): Db => setup.server.app.services.database.db;
const links = (): GuestLinks => setup.server.app.services.guestLinks;

/** A feed with one stay holding a passcode on the door, written straight to the tables; its guest link. */
async function insertStay(
  options: { guestRemoteUnlock?: boolean; validFrom?: number; validTo?: number; state?: string } = {},
): Promise<{ stayId: number; token: string }> {
  const now = Date.now();
  const [feed] = await db()
    .insert(stayFeeds)
    .values({
      ownerId,
      lockId: door.lockId,
      url: 'https://calendar.example.com/feed.ics',
      checkInBufferMinutes: 60,
      checkOutBufferMinutes: 60,
      notify: 'none',
      guestRemoteUnlock: options.guestRemoteUnlock ? 1 : 0,
      locale: 'de_DE',
    })
    .returning({ id: stayFeeds.id });
  const validFrom = new Date(options.validFrom ?? now - HOUR);
  const validTo = new Date(options.validTo ?? now + 48 * HOUR);
  const nonce = GuestLinks.nonce();
  const [stay] = await db()
    .insert(stays)
    .values({
      feedId: feed?.id as number,
      uid: `stay-${nonce}`,
      guestName: 'Erika Mustermann',
      guestLocale: 'de_DE',
      checkIn: validFrom,
      checkOut: validTo,
      validFrom,
      validTo,
      state: options.state ?? 'live',
      guestNonce: nonce,
    })
    .returning({ id: stays.id });
  const code = String(100000 + (stay?.id as number));
  const [pass] = await db()
    .insert(passcodes)
    .values({
      lockId: door.lockId,
      creatorId: ownerId,
      code,
      name: 'Erika Mustermann',
      type: PasscodeType.custom,
      startDate: validFrom,
      endDate: validTo,
      status: PasscodeStatus.normal,
    })
    .returning({ id: passcodes.id });
  await db()
    .insert(stayCredentials)
    .values({ stayId: stay?.id as number, lockId: door.lockId, passcodeId: pass?.id as number });
  return { stayId: stay?.id as number, token: links().token(stay?.id as number, nonce) };
}

async function expectInvalid(token: string) {
  const reply = await visitor.call(stayGuest.guest, { token });
  expect(reply.status).toBe(410);
  expect(reply.body.errorCode).toBe(ERRORS.stayLinkInvalid.code);
  expect(reply.body.data ?? null).toBeNull();
}

beforeAll(async () => {
  setup = await startFleetServer('stay-guest-owner@example.com', { gateways: 1, locksPerGateway: 1, kinds: 'door' });
  owner = setup.client;
  door = setup.gateways[0]?.locks[0] as FleetLock;
  const [row] = await db().select({ ownerId: locks.ownerId }).from(locks).where(eq(locks.id, door.lockId));
  ownerId = row?.ownerId as number;
  stranger = (await loggedInClient(setup.server, 'stay-guest-stranger@example.com')).client;
  visitor = setup.server.client('de_DE');
}, 90_000);
afterAll(async () => setup?.close());

describe('the guest page of a stay', () => {
  it('shows the code of each of the stay’s locks, in the guest’s language, without logging in', async () => {
    const { stayId, token } = await insertStay();
    const page = dataOf(await visitor.call(stayGuest.guest, { token }));
    expect(page).toMatchObject({ guestName: 'Erika Mustermann', locale: 'de_DE' });
    expect(page.brandName).not.toBe('');
    expect(page.locks).toEqual([
      expect.objectContaining({
        lockId: door.lockId,
        passcode: String(100000 + stayId),
        qrCode: null,
        canUnlock: false,
      }),
    ]);
  });

  it('answers a changed, forged, revoked, cancelled or expired link alike: stay link invalid', async () => {
    const { stayId, token } = await insertStay();
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    await expectInvalid(`${token.slice(0, -1)}${last}`);
    await expectInvalid(links().token(stayId, GuestLinks.nonce()));
    await expectInvalid(new GuestLinks(Buffer.alloc(32, 7)).token(stayId, 'n'.repeat(24)));
    await expectInvalid(links().token(999_999, GuestLinks.nonce()));

    const revoked = await insertStay();
    await db().update(stays).set({ guestNonce: GuestLinks.nonce() }).where(eq(stays.id, revoked.stayId));
    await expectInvalid(revoked.token);

    const cancelled = await insertStay({ state: 'cancelled' });
    await expectInvalid(cancelled.token);
    const expired = await insertStay({ validFrom: Date.now() - 72 * HOUR, validTo: Date.now() - 1000 });
    await expectInvalid(expired.token);
  });

  it('shows the lock’s own arrival instructions over those of the owner’s group', async () => {
    const { token } = await insertStay();
    const groupId = dataOf(await owner.call(group.add, { groupName: 'Ferienwohnungen' })).groupId;
    dataOf(await owner.call(group.setLocks, { groupId, lockIdList: `${door.lockId}` }));
    dataOf(await owner.call(stayGuest.setInstructions, { groupId, text: 'Schlüsselbox links.\nCode 1234.' }));
    const fromGroup = dataOf(await visitor.call(stayGuest.guest, { token }));
    expect(fromGroup.locks[0]?.instructions).toBe('Schlüsselbox links.\nCode 1234.');

    dataOf(await owner.call(stayGuest.setInstructions, { lockId: door.lockId, text: 'Zweiter Stock, Tür rechts.' }));
    const own = dataOf(await visitor.call(stayGuest.guest, { token }));
    expect(own.locks[0]?.instructions).toBe('Zweiter Stock, Tür rechts.');
    expect(dataOf(await owner.call(stayGuest.instructions, { lockId: door.lockId })).text).toBe(
      'Zweiter Stock, Tür rechts.',
    );

    // Empty text removes the lock's own: the group's show again.
    dataOf(await owner.call(stayGuest.setInstructions, { lockId: door.lockId, text: '' }));
    expect(dataOf(await visitor.call(stayGuest.guest, { token })).locks[0]?.instructions).toBe(
      'Schlüsselbox links.\nCode 1234.',
    );
  });

  it('refuses a stranger’s instructions for a lock or group not theirs, and changes nothing', async () => {
    dataOf(await owner.call(stayGuest.setInstructions, { lockId: door.lockId, text: 'Owner’s words' }));
    const groupId = dataOf(await owner.call(group.add, { groupName: 'Strangers keep out' })).groupId;
    for (const target of [{ lockId: door.lockId }, { groupId }]) {
      const write = await stranger.call(stayGuest.setInstructions, { ...target, text: 'Mine now' });
      expect(write.body.errorCode).toBe(ERRORS.noPermission.code);
      const read = await stranger.call(stayGuest.instructions, target);
      expect(read.body.errorCode).toBe(ERRORS.noPermission.code);
    }
    expect(dataOf(await owner.call(stayGuest.instructions, { lockId: door.lockId })).text).toBe('Owner’s words');
    const both = await owner.call(stayGuest.setInstructions, { lockId: door.lockId, groupId, text: 'x' });
    expect(both.body.errorCode).toBe(ERRORS.badParameter.code);
  });
});

describe('unlocking from the guest page', () => {
  it('is refused where the feed does not allow it, or outside the stay’s window', async () => {
    const closed = await insertStay({ guestRemoteUnlock: false });
    const refused = await visitor.call(stayGuest.guestUnlock, { token: closed.token, lockId: door.lockId });
    expect(refused.body.errorCode).toBe(ERRORS.remoteUnlockNotEnabled.code);

    const early = await insertStay({
      guestRemoteUnlock: true,
      validFrom: Date.now() + HOUR,
      validTo: Date.now() + 5 * HOUR,
    });
    expect(dataOf(await visitor.call(stayGuest.guest, { token: early.token })).locks[0]?.canUnlock).toBe(false);
    const tooEarly = await visitor.call(stayGuest.guestUnlock, { token: early.token, lockId: door.lockId });
    expect(tooEarly.body.errorCode).toBe(ERRORS.remoteUnlockNotEnabled.code);

    const invalid = await visitor.call(stayGuest.guestUnlock, { token: `${closed.token}x`, lockId: door.lockId });
    expect(invalid.body.errorCode).toBe(ERRORS.stayLinkInvalid.code);
  });

  it('is limited per stay: past the limit the page hears "too many requests" and nothing is sent', async () => {
    const { stayId, token } = await insertStay({ guestRemoteUnlock: true });
    const { limiter } = setup.server.app.services;
    for (let i = 0; i < GUEST_UNLOCK_LIMIT.count; i++)
      await limiter.hit(guestUnlockKey(stayId), GUEST_UNLOCK_LIMIT.windowMs);
    const from = setup.fleet.lines.length;
    const reply = await visitor.call(stayGuest.guestUnlock, { token, lockId: door.lockId });
    expect(reply.body.errorCode).toBe(ERRORS.tooManyRequests.code);
    expect(setup.fleet.lines.slice(from).filter((l) => l.event === 'bolt')).toEqual([]);
  });

  it('unlocks through the owner’s gateway where the feed allows it, answered once the lock has', async () => {
    const { token } = await insertStay({ guestRemoteUnlock: true });
    expect(dataOf(await visitor.call(stayGuest.guest, { token })).locks[0]?.canUnlock).toBe(true);
    const from = setup.fleet.lines.length;
    const reply = await visitor.call(stayGuest.guestUnlock, { token, lockId: door.lockId });
    expect(dataOf(reply)).toEqual({ success: true });
    await setup.fleet.waitFor(
      (l) => l.event === 'bolt' && l.lockMac === door.mac && l.state === LockState.unlocked,
      5000,
      from,
    );
  });
});
