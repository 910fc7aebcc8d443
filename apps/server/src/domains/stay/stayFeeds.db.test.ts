import {
  CardStatus,
  ERRORS,
  group,
  lock,
  PasscodeStatus,
  PasscodeType,
  ServiceType,
  type StayItem,
  stay,
  stayGuest,
} from '@smartlock/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, lockCredentials, outbox, passcodes, stayCredentials, stayFeeds, users } from '../../db/schema';
import { TestFeedServer } from '../../test/feedServer';
import { loggedInClient } from '../../test/fixtures';
import type { FleetLock } from '../../test/fleetProcess';
import { type FleetServer, startFleetServer } from '../../test/fleetServer';
import { dataOf, type TestClient } from '../../test/harness';
import { until } from '../../test/until';
import { addUnits } from '../service/serviceQueries';
import { FeedPoller } from './feedPoller';
import { pruneStays } from './stayQueries';

const HOUR = 3_600_000;
let setup: FleetServer;
let owner: TestClient;
let door: FleetLock;
let room: FleetLock;
let gatewayId: number;
let feedServer: TestFeedServer;

beforeAll(async () => {
  setup = await startFleetServer('stays-owner@example.com', { gateways: 1, locksPerGateway: 2, kinds: 'door' });
  owner = setup.client;
  door = setup.gateways[0]?.locks[0] as FleetLock;
  room = setup.gateways[0]?.locks[1] as FleetLock;
  gatewayId = setup.gateways[0]?.gatewayId as number;
  feedServer = await new TestFeedServer().start();
}, 90_000);
afterAll(async () => {
  await feedServer?.close();
  await setup?.close();
});

const db = () => setup.server.app.services.database.db;
const credentialRow = async (id: number) =>
  (await db().select().from(lockCredentials).where(eq(lockCredentials.id, id)))[0];

/** Tells the fleet something and waits for its answer. */
const control = (command: { do: string } & Record<string, unknown>) => setup.fleet.ask(command);
const keypad = async (code: string, at: FleetLock = door) =>
  (await control({ do: 'keypad', lock: at.mac, code })).ok === true;

/** Whole minutes: the feed's times and the codes' validity compare exactly. */
const minute = (ms: number) => Math.floor(ms / 60_000) * 60_000;
const now = minute(Date.now());

async function staysOf(feedId: number): Promise<StayItem[]> {
  return dataOf(await owner.call(stay.list, { feedId, pageSize: 50 })).list;
}

async function addFeed(params: Record<string, unknown> = {}) {
  const reply = await owner.call(stay.feedAdd, {
    lockId: door.lockId,
    url: feedServer.url,
    name: 'Harbour flat',
    checkInBufferMinutes: 60,
    checkOutBufferMinutes: 30,
    notify: 'none',
    ...params,
  });
  expect(reply.body.errorCode, JSON.stringify(reply.body)).toBe(0);
  return dataOf(reply).feed;
}

async function readNow(feedId: number) {
  const reply = await owner.call(stay.feedPoll, { feedId });
  expect(reply.body.errorCode, JSON.stringify(reply.body)).toBe(0);
  return dataOf(reply);
}

async function deleteFeed(feedId: number) {
  expect((await owner.call(stay.feedDelete, { feedId })).body.errorCode).toBe(0);
}

describe('a lock subscribed to a calendar feed', () => {
  const anna = { uid: 'anna@test', checkIn: now - HOUR, checkOut: now + 48 * HOUR, summary: 'Reserved - Anna Weber' };
  const ben = { uid: 'ben@test', checkIn: now - 2 * HOUR, checkOut: now + 24 * HOUR, summary: 'Reserved - Ben Ode' };

  it('issues a code per stay that opens the lock; a moved stay moves the validity; a removed or cancelled one is revoked', async () => {
    feedServer.set([anna, ben]);
    const feed = await addFeed();
    expect(feed).toMatchObject({ state: 'ok', error: null, stayCount: 2, targetName: expect.any(String) });
    let list = await staysOf(feed.feedId);
    expect(list.map((s) => s.guestName).sort()).toEqual(['Anna Weber', 'Ben Ode']);
    for (const item of list) {
      expect(item.state).toBe('active');
      expect(item.credentials).toHaveLength(1);
      expect(item.credentials[0]?.passcodeStatus).toBe(PasscodeStatus.normal);
      expect(item.credentials[0]?.passcode).toMatch(/^[0-9]{6,9}$/);
      expect(item.guestUrl).toMatch(/\/stay\?token=/);
      expect(await keypad(item.credentials[0]?.passcode as string)).toBe(true);
    }
    const annaItem = list.find((s) => s.uid === 'anna@test') as StayItem;
    expect(annaItem.validFrom).toBe(anna.checkIn - HOUR);
    expect(annaItem.validTo).toBe(anna.checkOut + 30 * 60_000);

    // The door reads QR codes: each stay has one on the lock for its window, on its guest page.
    const qrOf = async (stayId: number) => {
      const [row] = await db().select().from(stayCredentials).where(eq(stayCredentials.stayId, stayId));
      return row?.qrCredentialId ?? null;
    };
    const annaQr = (await qrOf(annaItem.stayId)) as number;
    expect(annaQr).not.toBeNull();
    await until(async () => (await credentialRow(annaQr))?.status === CardStatus.normal, 20_000);
    expect((await credentialRow(annaQr))?.endDate?.getTime()).toBe(annaItem.validTo);
    const token = new URL(annaItem.guestUrl as string).searchParams.get('token') as string;
    const page = dataOf(await owner.call(stayGuest.guest, { token }));
    expect(page.locks[0]?.qrCode).toMatch(/^smartlock-qr:/);
    expect(page.locks[0]?.qrCode).toBe((await credentialRow(annaQr))?.link);

    // Anna stays a day longer.
    feedServer.set([{ ...anna, checkOut: anna.checkOut + 24 * HOUR }, ben]);
    expect(await readNow(feed.feedId)).toMatchObject({ added: 0, moved: 1, removed: 0 });
    const [annaCode] = await db()
      .select()
      .from(passcodes)
      .where(eq(passcodes.id, annaItem.credentials[0]?.passcodeId as number));
    expect(annaCode?.endDate?.getTime()).toBe(anna.checkOut + 24 * HOUR + 30 * 60_000);
    expect(annaCode?.status).toBe(PasscodeStatus.normal);
    await until(
      async () => (await credentialRow(annaQr))?.endDate?.getTime() === anna.checkOut + 24 * HOUR + 30 * 60_000,
      20_000,
    );

    // Ben leaves the feed; then Anna's reservation is cancelled.
    feedServer.set([{ ...anna, checkOut: anna.checkOut + 24 * HOUR }]);
    expect(await readNow(feed.feedId)).toMatchObject({ removed: 1 });
    list = await staysOf(feed.feedId);
    const benItem = list.find((s) => s.uid === 'ben@test') as StayItem;
    expect(benItem.state).toBe('cancelled');
    expect(benItem.guestUrl).toBeNull();
    expect(benItem.credentials[0]?.passcodeStatus).toBe(PasscodeStatus.deleted);
    expect(await keypad(benItem.credentials[0]?.passcode as string)).toBe(false);

    feedServer.set([{ ...anna, checkOut: anna.checkOut + 24 * HOUR, lines: ['STATUS:CANCELLED'] }]);
    expect(await readNow(feed.feedId)).toMatchObject({ removed: 1 });
    expect(await keypad(annaItem.credentials[0]?.passcode as string)).toBe(false);
    await until(async () => (await credentialRow(annaQr)) === undefined, 20_000);
    expect((await owner.call(stayGuest.guest, { token })).body.errorCode).toBe(ERRORS.stayLinkInvalid.code);

    // Each change the feed made is in the lock owner's audit trail, the feed as the actor.
    const trail = await db()
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.appId, `feed:${feed.feedId}`), eq(auditEntries.actorKind, 'feed')));
    const done = trail
      .filter((e) => e.path.startsWith('/passcode/'))
      .map((e) => `${e.path} ${(e.target as { stayId: number }).stayId}`)
      .sort();
    expect(trail.filter((e) => e.path.startsWith('/qrcode/')).map((e) => e.path)).toEqual(
      expect.arrayContaining(['/qrcode/add', '/qrcode/changePeriod', '/qrcode/delete']),
    );
    expect(done).toEqual(
      [
        `/passcode/add ${annaItem.stayId}`,
        `/passcode/add ${benItem.stayId}`,
        `/passcode/change ${annaItem.stayId}`,
        `/passcode/delete ${annaItem.stayId}`,
        `/passcode/delete ${benItem.stayId}`,
      ].sort(),
    );
    expect(
      trail.every((e) => e.lockId === door.lockId && !JSON.stringify(e.params).includes(annaCode?.code ?? '-')),
    ).toBe(true);
    await deleteFeed(feed.feedId);
  });

  it('gives each lock of a group feed its own code, with the same digits where they are free', async () => {
    const groupId = dataOf(await owner.call(group.add, { groupName: 'Harbour house' })).groupId;
    expect(
      (await owner.call(group.setLocks, { groupId, lockIdList: `${door.lockId},${room.lockId}` })).body.errorCode,
    ).toBe(0);
    feedServer.set([
      { uid: 'gia@test', checkIn: now - HOUR, checkOut: now + 20 * HOUR, summary: 'Reserved - Gia Moss' },
    ]);
    const feed = await addFeed({ lockId: undefined, groupId });
    expect(feed).toMatchObject({ groupId, lockId: null, targetName: 'Harbour house' });
    const [item] = await staysOf(feed.feedId);
    expect(item?.credentials.map((c) => c.lockId)).toEqual([door.lockId, room.lockId].sort((a, b) => a - b));
    const [first, second] = item?.credentials ?? [];
    expect(first?.passcode).toBe(second?.passcode);
    expect(first?.passcodeStatus).toBe(PasscodeStatus.normal);
    expect(second?.passcodeStatus).toBe(PasscodeStatus.normal);
    expect(await keypad(first?.passcode as string, door)).toBe(true);
    expect(await keypad(second?.passcode as string, room)).toBe(true);
    await deleteFeed(feed.feedId);
    // Unsubscribing revokes the codes on both locks.
    await until(async () => {
      const rows = await db()
        .select()
        .from(passcodes)
        .where(eq(passcodes.code, first?.passcode as string));
      return rows.every((r) => r.status === PasscodeStatus.deleted);
    });
    expect(await keypad(first?.passcode as string, room)).toBe(false);
    await owner.call(group.remove, { groupId });
  });

  it('keeps its stays as they were when the feed cannot be read, and shows why', async () => {
    feedServer.set([anna]);
    const feed = await addFeed();
    const before = await staysOf(feed.feedId);
    feedServer.status = 500;
    const failed = await readNow(feed.feedId);
    feedServer.status = 200;
    expect(failed.feed).toMatchObject({
      state: 'error',
      error: "The feed's server answered HTTP 500. Nothing was changed.",
    });
    expect(await staysOf(feed.feedId)).toEqual(before);
    feedServer.body = '<html>maintenance</html>';
    expect((await readNow(feed.feedId)).feed.error).toBe(
      'The address did not return an iCalendar feed. Nothing was changed.',
    );
    expect(await staysOf(feed.feedId)).toEqual(before);
    feedServer.set([anna]);
    expect((await readNow(feed.feedId)).feed).toMatchObject({ state: 'ok', error: null });
    await deleteFeed(feed.feedId);
  });

  it('asks again with the ETag it got, and an unchanged feed (304) changes nothing', async () => {
    feedServer.set([anna]);
    const feed = await addFeed();
    const unchanged = feedServer.unchanged;
    expect(await readNow(feed.feedId)).toMatchObject({ added: 0, moved: 0, removed: 0 });
    expect(feedServer.unchanged).toBe(unchanged + 1);
    await deleteFeed(feed.feedId);
  });

  it('is read by one instance at a time: of two pollers at once, one claims a due feed', async () => {
    feedServer.set([]);
    const feed = await addFeed();
    await db()
      .update(stayFeeds)
      .set({ nextPollAt: new Date(Date.now() - 1000) })
      .where(eq(stayFeeds.id, feed.feedId));
    const services = setup.server.app.services;
    const other = new FeedPoller(db(), services.stays.reads, setup.server.app.log);
    const requests = feedServer.requests;
    const claimed = await Promise.all([services.stays.poller.runDue(), other.runDue()]);
    expect(claimed.sort()).toEqual([0, 1]);
    expect(feedServer.requests).toBe(requests + 1);
    const [row] = await db().select().from(stayFeeds).where(eq(stayFeeds.id, feed.feedId));
    // The next read is 15 minutes on, give or take a fifth.
    const next = (row?.nextPollAt.getTime() ?? 0) - Date.now();
    expect(next).toBeGreaterThan(11 * 60_000);
    expect(next).toBeLessThan(19 * 60_000);
    await deleteFeed(feed.feedId);
  });

  it('refuses the same guest twice at the lock in overlapping dates', async () => {
    const email = 'ATTENDEE;CN=Cleo Park:mailto:cleo@example.com';
    feedServer.set([
      { uid: 'cleo-1', checkIn: now + 2 * HOUR, checkOut: now + 50 * HOUR, lines: [email] },
      { uid: 'cleo-2', checkIn: now + 26 * HOUR, checkOut: now + 70 * HOUR, lines: [email] },
    ]);
    const feed = await addFeed();
    const list = await staysOf(feed.feedId);
    const second = list.find((s) => s.uid === 'cleo-2') as StayItem;
    expect(list.find((s) => s.uid === 'cleo-1')?.state).toBe('upcoming');
    expect(second.state).toBe('failed');
    expect(second.error).toMatch(/^This guest already has a stay at this lock in these dates \(Cleo Park, /);
    expect(second.credentials[0]?.passcodeId).toBeNull();
    await deleteFeed(feed.feedId);
  });

  it('tells the guest once, in their language, with the code, its validity at the lock and the guest page', async () => {
    const [account] = await db().select().from(users).where(eq(users.email, 'stays-owner@example.com'));
    await addUnits(db(), account?.id as number, ServiceType.email, 5);
    feedServer.set([
      {
        uid: 'fia@test',
        checkIn: now + 2 * HOUR,
        checkOut: now + 30 * HOUR,
        summary: 'Reserved - Fia Lund',
        lines: ['DESCRIPTION:Email: fia.lund@example.com\\nLanguage: German'],
      },
    ]);
    const feed = await addFeed({ notify: 'contact' });
    const [item] = await staysOf(feed.feedId);
    expect(item).toMatchObject({ guestEmail: 'fia.lund@example.com', guestLocale: 'de_DE' });
    const sent = await db().select().from(outbox).where(eq(outbox.recipient, 'fia.lund@example.com'));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toContain(`Hallo Fia Lund, Ihr Zugangscode für`);
    expect(sent[0]?.body).toContain(item?.credentials[0]?.passcode as string);
    expect(sent[0]?.body).toContain(item?.guestUrl as string);
    await readNow(feed.feedId);
    expect(await db().select().from(outbox).where(eq(outbox.recipient, 'fia.lund@example.com'))).toHaveLength(1);
    await deleteFeed(feed.feedId);
  });

  it('refuses a stranger: their feeds and stays answer no permission', async () => {
    feedServer.set([anna]);
    const feed = await addFeed();
    const stranger = (await loggedInClient(setup.server, 'stays-stranger@example.com')).client;
    for (const reply of [
      await stranger.call(stay.feedPoll, { feedId: feed.feedId }),
      await stranger.call(stay.feedDelete, { feedId: feed.feedId }),
      await stranger.call(stay.list, { feedId: feed.feedId }),
      await stranger.call(stay.feedAdd, { lockId: door.lockId, url: feedServer.url }),
      await stranger.call(stay.feedPoll, { feedId: 999_999 }),
    ]) {
      expect(reply.body.errorCode).toBe(ERRORS.noPermission.code);
    }
    expect(dataOf(await stranger.call(stay.feedList, {})).list).toEqual([]);
    await deleteFeed(feed.feedId);
  });

  it('refuses feed addresses that are not http(s), and http to another machine', async () => {
    for (const url of ['ftp://example.com/cal.ics', 'http://example.com/cal.ics']) {
      const reply = await owner.call(stay.feedAdd, { lockId: door.lockId, url });
      expect(reply.body.errorCode, url).not.toBe(0);
    }
    const refused = await owner.call(stay.feedAdd, { lockId: door.lockId, url: 'http://example.com/cal.ics' });
    expect(refused.body.errorCode).toBe(ERRORS.stayFeedUrlNotAllowed.code);
  });

  it('forgets the stays whose window ended before the retention, keeping the others', async () => {
    feedServer.set([
      { uid: 'short', checkIn: now + HOUR, checkOut: now + 5 * HOUR, summary: 'Reserved - Fay Lund' },
      { uid: 'longer', checkIn: now + HOUR, checkOut: now + 50 * HOUR, summary: 'Reserved - Gus Lee' },
    ]);
    const feed = await addFeed({ checkInBufferMinutes: 0, checkOutBufferMinutes: 0 });
    const before = await staysOf(feed.feedId);
    expect(before).toHaveLength(2);
    expect(await pruneStays(db(), new Date(now + 6 * HOUR), 1000)).toBe(1);
    expect((await staysOf(feed.feedId)).map((s) => s.uid)).toEqual(['longer']);
    await deleteFeed(feed.feedId);
  });

  it('gives a lock its gateway cannot reach an offline period code, never one already dead (24 hours)', async () => {
    await control({ do: 'offline', gateway: gatewayId });
    await until(
      async () => (await owner.call(lock.detail, { lockId: door.lockId })).body.data?.gateways[0]?.isOnline === 0,
    );
    feedServer.set([
      { uid: 'soon', checkIn: now + 3 * HOUR, checkOut: now + 27 * HOUR, summary: 'Reserved - Dana Roy' },
      { uid: 'long-begun', checkIn: now - 30 * HOUR, checkOut: now + 20 * HOUR, summary: 'Reserved - Eli Hart' },
    ]);
    const feed = await addFeed({ checkInBufferMinutes: 0, checkOutBufferMinutes: 0 });
    const list = await staysOf(feed.feedId);
    const soon = list.find((s) => s.uid === 'soon') as StayItem;
    const [code] = await db()
      .select()
      .from(passcodes)
      .where(eq(passcodes.id, soon.credentials[0]?.passcodeId as number));
    expect(code?.type).toBe(PasscodeType.limited);
    const begun = list.find((s) => s.uid === 'long-begun') as StayItem;
    expect(begun.credentials[0]).toMatchObject({ passcodeId: null });
    expect(begun.credentials[0]?.error).toMatch(/^An offline code must be used within 24 hours of its start/);
    await control({ do: 'online', gateway: gatewayId });
    await until(
      async () => (await owner.call(lock.detail, { lockId: door.lockId })).body.data?.gateways[0]?.isOnline === 1,
    );
    await deleteFeed(feed.feedId);
  });
});
