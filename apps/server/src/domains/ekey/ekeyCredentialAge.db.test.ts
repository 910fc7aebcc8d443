import {
  admin as adminCalls,
  DAY_MS,
  type EKeyGrant,
  EKeyStatus,
  ERRORS,
  eKeyCredentialKey,
  ekey,
  type HeldKey,
  HOUR_MS,
  lock,
  readEKeyGrant,
  ValidityType,
} from '@smartlock/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ekeys, locks } from '../../db/schema';
import { loggedInClient } from '../../test/fixtures';
import type { FleetLock } from '../../test/fleetProcess';
import { type FleetServer, startFleetServer } from '../../test/fleetServer';
import { dataOf, type TestClient } from '../../test/harness';
import { until } from '../../test/until';

/**
 * The security review's finding: a revoked eKey kept opening a lock no gateway reached, and a
 * permanent key's credential never expired. Every credential now carries a not-after (the key's
 * end, or its issue plus the lock's maximum credential age), renewed at every sync, and the lock
 * refuses it past that by its own clock (docs/credentials.md).
 */

let setup: FleetServer;
let owner: TestClient;
let door: FleetLock;
let gatewayId: number;

beforeAll(async () => {
  setup = await startFleetServer('credential-age-owner@example.com', {
    gateways: 1,
    locksPerGateway: 1,
    kinds: 'door',
  });
  owner = setup.client;
  door = setup.gateways[0]?.locks[0] as FleetLock;
  gatewayId = setup.gateways[0]?.gatewayId as number;
}, 90_000);
afterAll(async () => setup?.close());

const db = () => setup.server.app.services.database.db;

async function lockRow() {
  const [row] = await db().select().from(locks).where(eq(locks.id, door.lockId));
  if (!row) throw new Error('no lock');
  return row;
}

async function setMaxAge(client: TestClient, days: number | string) {
  return (await client.call(lock.setEKeyCredentialMaxAge, { lockId: door.lockId, days })).body;
}

/** A new account holding a key of the door sent by the owner. */
async function keyFor(
  account: string,
  validity: Record<string, unknown> = { validityType: ValidityType.permanent },
): Promise<{ holder: TestClient; keyId: number }> {
  const { client: holder } = await loggedInClient(setup.server, account);
  const sent = await owner.callRaw(ekey.send, {
    lockId: door.lockId,
    receiverUsername: account,
    ...validity,
  });
  expect(sent.body.errorCode, JSON.stringify(sent.body)).toBe(0);
  return { holder, keyId: dataOf(sent).keyId };
}

/** The holder's app syncs: the key as it comes back, and the grant inside its credential. */
async function sync(holder: TestClient, keyId: number): Promise<{ held: HeldKey; grant: EKeyGrant | undefined }> {
  const reply = await holder.call(ekey.sync, {});
  expect(reply.body.errorCode, JSON.stringify(reply.body)).toBe(0);
  const held = reply.body.data?.list.find((k) => k.keyId === keyId) as HeldKey;
  const grant = held?.credential
    ? await readEKeyGrant(await eKeyCredentialKey((await lockRow()).lockSecret), held.credential)
    : undefined;
  return { held, grant };
}

/** Tells the fleet something and waits for its answer. */
const control = (command: { do: string } & Record<string, unknown>) => setup.fleet.ask(command);

const appUnlock = (credential: string) => control({ do: 'appUnlock', lock: door.mac, credential });
const drift = (ms: number) => control({ do: 'drift', lock: door.mac, ms });

async function gatewayOnline(online: boolean) {
  await control({ do: online ? 'online' : 'offline', gateway: gatewayId });
  await until(async () => {
    const reply = await owner.call(lock.detail, { lockId: door.lockId });
    return reply.body.data?.gateways[0]?.isOnline === (online ? 1 : 0);
  });
}

describe('the not-after of issued eKey credentials', () => {
  it('is issue time plus 7 days for a permanent key by default, and the lock’s setting once changed, renewed at every sync', async () => {
    expect((await lockRow()).eKeyCredentialMaxAgeDays).toBe(7);
    const { holder, keyId } = await keyFor('age-permanent@example.com');
    const first = await sync(holder, keyId);
    expect(first.grant?.v).toBe(2);
    expect(first.grant?.notAfter).toBe((first.grant?.issuedAt as number) + 7 * DAY_MS);
    expect(first.held.credentialNotAfter).toBe(first.grant?.notAfter);

    expect(await setMaxAge(owner, 2)).toMatchObject({ errorCode: 0 });
    const renewed = await sync(holder, keyId);
    expect(renewed.held.credential).not.toBe(first.held.credential);
    expect(renewed.grant?.issuedAt).toBeGreaterThanOrEqual(first.grant?.issuedAt as number);
    expect(renewed.grant?.notAfter).toBe((renewed.grant?.issuedAt as number) + 2 * DAY_MS);
    expect(renewed.held.credentialNotAfter).toBe(renewed.grant?.notAfter);
    expect(await setMaxAge(owner, 7)).toMatchObject({ errorCode: 0 });
  });

  it('is the key’s end when that comes first, else the age (limited and cyclic keys alike)', async () => {
    expect(await setMaxAge(owner, 3)).toMatchObject({ errorCode: 0 });
    const now = Date.now();
    const soon = { validityType: ValidityType.limited, startDate: now - HOUR_MS, endDate: now + DAY_MS };
    const short = await keyFor('age-short@example.com', soon);
    const shortGrant = (await sync(short.holder, short.keyId)).grant;
    expect(shortGrant?.notAfter).toBe(soon.endDate);

    const late = { validityType: ValidityType.limited, startDate: now - HOUR_MS, endDate: now + 90 * DAY_MS };
    const long = await keyFor('age-long@example.com', late);
    const longGrant = (await sync(long.holder, long.keyId)).grant;
    expect(longGrant?.endDate).toBe(late.endDate);
    expect(longGrant?.notAfter).toBe((longGrant?.issuedAt as number) + 3 * DAY_MS);

    const cycle = JSON.stringify({ weekDays: [1, 2, 3, 4, 5, 6, 7], startMinute: 0, endMinute: 1440 });
    const cyclic = await keyFor('age-cyclic@example.com', {
      validityType: ValidityType.cyclic,
      startDate: now - HOUR_MS,
      endDate: now + 30 * DAY_MS,
      cycle,
    });
    const cyclicGrant = (await sync(cyclic.holder, cyclic.keyId)).grant;
    expect(cyclicGrant?.notAfter).toBe((cyclicGrant?.issuedAt as number) + 3 * DAY_MS);
    expect(await setMaxAge(owner, 7)).toMatchObject({ errorCode: 0 });
  });
});

describe('the lock’s maximum credential age', () => {
  it('is shown to the owner and an authorized administrator, and changed by the owner only', async () => {
    const { client: admin } = await loggedInClient(setup.server, 'age-admin@example.com');
    const added = await owner.call(adminCalls.add, {
      receiverUsername: 'age-admin@example.com',
      lockIds: `${door.lockId}`,
    });
    expect(added.body.data?.count, JSON.stringify(added.body)).toBe(1);
    const seen = await admin.call(lock.detail, { lockId: door.lockId });
    expect(seen.body.data?.eKeyCredentialMaxAgeDays).toBe(7);

    expect(await setMaxAge(admin, 3)).toMatchObject({ errorCode: ERRORS.noPermission.code, data: null });
    const { client: stranger } = await loggedInClient(setup.server, 'age-stranger@example.com');
    expect(await setMaxAge(stranger, 3)).toMatchObject({ errorCode: ERRORS.noPermission.code, data: null });
    const { holder } = await keyFor('age-holder@example.com');
    expect(await setMaxAge(holder, 3)).toMatchObject({ errorCode: ERRORS.noPermission.code, data: null });
    expect((await lockRow()).eKeyCredentialMaxAgeDays).toBe(7);

    expect(await setMaxAge(owner, 30)).toMatchObject({ errorCode: 0 });
    const shown = await owner.call(lock.detail, { lockId: door.lockId });
    expect(shown.body.data?.eKeyCredentialMaxAgeDays).toBe(30);
    expect(await setMaxAge(owner, 1)).toMatchObject({ errorCode: 0 });
    expect((await lockRow()).eKeyCredentialMaxAgeDays).toBe(1);
    expect(await setMaxAge(owner, 7)).toMatchObject({ errorCode: 0 });
  });

  it.each([
    [0, 'eKeyCredentialMaxAgeInvalid'],
    [31, 'eKeyCredentialMaxAgeInvalid'],
    [-1, 'eKeyCredentialMaxAgeInvalid'],
    [365, 'eKeyCredentialMaxAgeInvalid'],
    ['1.5', 'badParameter'],
    ['seven', 'badParameter'],
  ] as const)('refuses %j days with %s and changes nothing', async (days, error) => {
    const before = await lockRow();
    const body = await setMaxAge(owner, days);
    expect(body).toMatchObject({ errorCode: ERRORS[error].code, data: null });
    if (error === 'eKeyCredentialMaxAgeInvalid') {
      expect(body.errorMsg).toBe('The eKey credential lifetime must be a whole number from 1 to 30 days.');
    }
    expect(await lockRow()).toEqual(before);
  });
});

describe('a deleted eKey at a lock whose gateway is offline', () => {
  it('still opens until its credential’s age has passed on the lock’s clock, then no more', async () => {
    expect(await setMaxAge(owner, 2)).toMatchObject({ errorCode: 0 });
    const { holder, keyId } = await keyFor('age-deleted@example.com');
    const { held, grant } = await sync(holder, keyId);
    const credential = held.credential as string;
    expect(grant?.notAfter).toBe((grant?.issuedAt as number) + 2 * DAY_MS);
    expect((await appUnlock(credential)).ok).toBe(true);

    // Deleted while no gateway reaches the lock: the revocation cannot get there.
    await gatewayOnline(false);
    expect((await owner.call(ekey.remove, { keyId })).body.errorCode).toBe(0);
    const [row] = await db().select().from(ekeys).where(eq(ekeys.id, keyId));
    expect(row?.status).toBe(EKeyStatus.deleting);
    expect(await appUnlock(credential)).toMatchObject({ ok: true });

    // A day and a half later on the lock's clock: still within the age.
    await drift(2 * DAY_MS - 12 * HOUR_MS);
    expect(await appUnlock(credential)).toMatchObject({ ok: true });
    // Past the age on the lock's clock: refused, though the lock never heard of the deletion.
    await drift(2 * DAY_MS + 60_000);
    expect(await appUnlock(credential)).toMatchObject({ ok: false, error: 'credentialExpired' });
    // A permanent key's credential 400 days ahead: refused too.
    await drift(400 * DAY_MS);
    expect(await appUnlock(credential)).toMatchObject({ ok: false, error: 'credentialExpired' });
    // And the holder's app gets no fresh one.
    expect((await sync(holder, keyId)).held).toBeUndefined();

    await drift(0);
    await gatewayOnline(true);
    await until(async () => {
      const [after] = await db().select().from(ekeys).where(eq(ekeys.id, keyId));
      return (after?.lockRevokedBelow ?? 0) > 1_000_000;
    });
    expect(await appUnlock(credential)).toMatchObject({ ok: false, error: 'revoked' });
    expect(await setMaxAge(owner, 7)).toMatchObject({ errorCode: 0 });
  });
});
