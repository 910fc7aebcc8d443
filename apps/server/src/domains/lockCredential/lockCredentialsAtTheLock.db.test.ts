import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  CardStatus,
  type CredentialItem,
  CredentialStatus,
  ERRORS,
  type LockCredentialKind,
  lock,
  lockCredential,
  type RemoteOperation,
  RemoteOperationState,
  ServiceType,
  ValidityType,
} from '@smartlock/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockCredentials, serviceBalances, users } from '../../db/schema';
import type { FleetLock } from '../../test/fleetProcess';
import { type FleetServer, startFleetServer } from '../../test/fleetServer';
import { dataOf, type TestClient } from '../../test/harness';
import { operationEnd } from '../../test/operations';
import { until } from '../../test/until';
import { addUnits, balanceOf } from '../service/serviceQueries';

const { card, face, fingerprint, keyFob, palmVein, qrCode, LOCK_CREDENTIAL_CALLS } = lockCredential;
const HOUR = 3_600_000;
const OWNER = 'stored-at-the-lock@example.com';

/** The face domain's test photos. */
const FIXTURES = fileURLToPath(new URL('../face/photoCheck/fixtures/', import.meta.url));
const fixture = (name: string) => readFileSync(`${FIXTURES}${name}`);

let setup: FleetServer;
let owner: TestClient;
let ownerId: number;
let doors: FleetLock[];
let door: FleetLock;
let gatewayId: number;

beforeAll(async () => {
  setup = await startFleetServer(OWNER, { gateways: 1, locksPerGateway: 4, kinds: 'door' });
  owner = setup.client;
  doors = setup.gateways[0]?.locks ?? [];
  door = doors[0] as FleetLock;
  gatewayId = setup.gateways[0]?.gatewayId as number;
  const [account] = await db().select({ id: users.id }).from(users).where(eq(users.email, OWNER));
  ownerId = account?.id as number;
}, 90_000);
afterAll(async () => setup?.close());

const db = () => setup.server.app.services.database.db;

/** Tells the fleet something and waits for its answer. */
const control = (command: { do: string } & Record<string, unknown>) => setup.fleet.ask(command);

/** Someone presents a credential at the door's reader. */
async function opens(method: LockCredentialKind, credential: string, at = door): Promise<boolean> {
  return (await control({ do: 'localUnlock', lock: at.mac, method, credential })).ok === true;
}

async function gatewayOnline(online: boolean): Promise<void> {
  await control({ do: online ? 'online' : 'offline', gateway: gatewayId });
  await until(async () => {
    const reply = await owner.call(lock.detail, { lockId: door.lockId });
    return reply.body.data?.gateways[0]?.isOnline === (online ? 1 : 0);
  });
}

const rowOf = async (id: number) => (await db().select().from(lockCredentials).where(eq(lockCredentials.id, id)))[0];

/** Starts a call that answers an operation, and waits for the operation's end. */
async function operated<T extends { operation: RemoteOperation }>(
  reply: { body: { errorCode: number; data: T | null } },
  state: number = RemoteOperationState.success,
): Promise<T> {
  expect(reply.body.errorCode, JSON.stringify(reply.body)).toBe(0);
  const data = reply.body.data as T;
  const ended = await operationEnd(owner, data.operation.operationId);
  if (state === RemoteOperationState.success) expect(ended.state, JSON.stringify(ended)).toBe(state);
  else expect(ended.state).not.toBe(RemoteOperationState.success);
  return data;
}

type Added = { credential: CredentialItem; operation: RemoteOperation };

/** Adds one credential of a kind to the door (a fingerprint uses one unit, given here). */
async function add(kind: Exclude<LockCredentialKind, 'face'>, extra: Record<string, string | number> = {}) {
  const params: Record<Exclude<LockCredentialKind, 'face'>, Record<string, string | number>> = {
    card: { cardNumber: String(40_000_000 + Math.floor(Math.random() * 9_999_999)) },
    keyFob: { keyFobNumber: Math.floor(0x100000 + Math.random() * 0xeffff0).toString(16) },
    qrCode: {},
    palmVein: {},
    fingerprint: {},
  };
  if (kind === 'fingerprint') {
    await addUnits(db(), ownerId, ServiceType.fingerprint, 1);
    const template = Buffer.from(`template ${Math.random()} ${Date.now()}`).toString('base64');
    const reply = await owner.call(fingerprint.add, {
      lockIds: String(door.lockId),
      template,
      deviceType: 1,
      name: 'Index finger',
      ...extra,
    });
    expect(reply.body.errorCode, JSON.stringify(reply.body)).toBe(0);
    const result = reply.body.data?.results[0] as Added & { errorCode: number };
    expect(result.errorCode, JSON.stringify(result)).toBe(0);
    return { reply: { body: { errorCode: 0, data: result } }, template };
  }
  const call = LOCK_CREDENTIAL_CALLS[kind].add as typeof card.add;
  const reply = await owner.callRaw(call, { lockId: door.lockId, ...params[kind], ...extra });
  return { reply, template: '' };
}

describe('every kind through the gateway', () => {
  it.each(['card', 'keyFob', 'qrCode', 'palmVein', 'fingerprint'] as const)(
    '%s: adding -> normal, a new validity -> normal, deleted -> gone',
    async (kind) => {
      const { reply, template } = await add(kind, { remark: 'Through the gateway' });
      expect(reply.body.data?.credential.status).toBe(CredentialStatus.adding);
      const { credential } = await operated(reply);
      const added = await rowOf(credential.credentialId);
      expect(added).toMatchObject({
        status: CredentialStatus.normal,
        operationId: null,
        remark: 'Through the gateway',
      });
      if (kind === 'palmVein') {
        // The lock enrolled the palm and answered its value, which is also its number.
        expect(added?.value).toBeTruthy();
        expect(added?.number).toBe(added?.value);
        expect(await opens('palmVein', added?.value as string)).toBe(true);
      }
      if (kind === 'qrCode') {
        expect(added?.number).toMatch(/^[1-9][0-9]{11}$/);
        expect(added?.link).toMatch(new RegExp(`^smartlock-qr:${door.mac}:${added?.number}:[0-9a-f]{64}$`));
      }
      if (kind === 'fingerprint') {
        expect(added?.value).toBe(createHash('sha256').update(Buffer.from(template, 'base64')).digest('hex'));
        expect(added?.number).toBe(String(credential.credentialId));
      }
      if (kind === 'card') expect(await opens('card', added?.value as string)).toBe(true);

      const calls = LOCK_CREDENTIAL_CALLS[kind];
      const startDate = Date.now() - 60_000;
      const endDate = Date.now() + 2 * HOUR;
      const changing = await owner.call(calls.changePeriod, {
        credentialId: credential.credentialId,
        validityType: ValidityType.limited,
        startDate,
        endDate,
      });
      expect(changing.body.data?.credential.status).toBe(CredentialStatus.updating);
      await operated(changing);
      const changed = await rowOf(credential.credentialId);
      expect(changed).toMatchObject({ status: CredentialStatus.normal, validityType: ValidityType.limited });
      expect(changed?.startDate?.getTime()).toBe(startDate);
      expect(changed?.endDate?.getTime()).toBe(endDate);

      await operated(await owner.call(calls.remove, { credentialId: credential.credentialId }));
      expect(await rowOf(credential.credentialId)).toBeUndefined();
      const listed = await owner.call(calls.list, { lockId: door.lockId, pageSize: 200 });
      expect(listed.body.data?.list.some((c) => c.credentialId === credential.credentialId)).toBe(false);
      if (kind === 'card') expect(await opens('card', added?.value as string)).toBe(false);
    },
    60_000,
  );

  it('opens with a card until it is reported lost; the lost card stays listed and its number is free again', async () => {
    const number = '61616161';
    const { credential } = await operated(await owner.call(card.add, { lockId: door.lockId, cardNumber: number }));
    expect(await opens('card', number)).toBe(true);
    expect((await owner.call(card.add, { lockId: door.lockId, cardNumber: number })).body.errorCode).toBe(
      ERRORS.credentialExists.code,
    );
    const lost = await owner.call(card.reportLoss, { credentialId: credential.credentialId });
    expect(lost.body.data?.credential.status).toBe(CredentialStatus.deleting);
    await operated(lost);
    expect((await rowOf(credential.credentialId))?.status).toBe(CardStatus.lost);
    expect(await opens('card', number)).toBe(false);
    const cards = await owner.call(card.list, { lockId: door.lockId, searchStr: number });
    expect(cards.body.data?.list.map((c) => [c.credentialId, c.status])).toEqual([
      [credential.credentialId, CardStatus.lost],
    ]);
    expect((await owner.call(card.reportLoss, { credentialId: credential.credentialId })).body.errorCode).toBe(
      ERRORS.operationNotSupported.code,
    );
    const byNumber = await owner.call(lockCredential.listLocksByCardNumber, { cardNumber: number });
    expect(byNumber.body.data?.total).toBe(0);
    // A lost card does not hold its number: issued again, it opens again.
    const again = await operated(await owner.call(card.add, { lockId: door.lockId, cardNumber: number }));
    expect(await opens('card', number)).toBe(true);
    const found = await owner.call(lockCredential.listLocksByCardNumber, {
      cardNumber: number,
    });
    expect(found.body.data?.list.map((l) => l.credentialId)).toEqual([again.credential.credentialId]);
    // Deleting the lost one takes it off the list.
    await operated(await owner.call(card.remove, { credentialId: credential.credentialId }));
    expect(await rowOf(credential.credentialId)).toBeUndefined();
  });

  it('clears every key fob of the lock in one command', async () => {
    for (let i = 0; i < 2; i++) await operated((await add('keyFob')).reply);
    const clearing = await owner.call(keyFob.clear, { lockId: door.lockId });
    expect(clearing.body.errorCode, JSON.stringify(clearing.body)).toBe(0);
    const marked = await db().select().from(lockCredentials).where(eq(lockCredentials.kind, 'keyFob'));
    expect(marked.every((row) => row.status === CredentialStatus.deleting)).toBe(true);
    await operated(clearing);
    const [left] = await db().select({ n: count() }).from(lockCredentials).where(eq(lockCredentials.kind, 'keyFob'));
    expect(left?.n).toBe(0);
    const detail = await owner.call(lock.detail, { lockId: door.lockId });
    expect(detail.body.data?.credentialCounts.keyFob).toBe(0);
  });

  it('ends add failed, update failed and delete failed when the lock refuses, keeping the old validity', async () => {
    const { credential } = await operated(await owner.call(card.add, { lockId: door.lockId, cardNumber: '72727272' }));
    await control({ do: 'fault', lock: door.mac, fault: 'reject' });
    try {
      await operated(
        await owner.call(card.changePeriod, {
          credentialId: credential.credentialId,
          validityType: ValidityType.limited,
          startDate: Date.now(),
          endDate: Date.now() + HOUR,
        }),
        RemoteOperationState.failed,
      );
      expect(await rowOf(credential.credentialId)).toMatchObject({
        status: CredentialStatus.updateFailed,
        validityType: ValidityType.permanent,
        startDate: null,
        endDate: null,
        pendingValidity: null,
      });
      await operated(
        await owner.call(card.remove, { credentialId: credential.credentialId }),
        RemoteOperationState.failed,
      );
      expect((await rowOf(credential.credentialId))?.status).toBe(CredentialStatus.deleteFailed);
      const refused = await operated(
        await owner.call(card.add, { lockId: door.lockId, cardNumber: '72727273' }),
        RemoteOperationState.failed,
      );
      expect((await rowOf(refused.credential.credentialId))?.status).toBe(CredentialStatus.addFailed);
      await operated(await owner.call(card.clear, { lockId: door.lockId }), RemoteOperationState.failed);
      const cards = await db().select().from(lockCredentials).where(eq(lockCredentials.kind, 'card'));
      expect(cards.filter((c) => c.status !== CardStatus.lost).map((c) => c.status)).toEqual(
        cards.filter((c) => c.status !== CardStatus.lost).map(() => CredentialStatus.deleteFailed),
      );
    } finally {
      await control({ do: 'fault', lock: door.mac, fault: 'none' });
    }
    // The lock kept the card it had.
    expect(await opens('card', '72727272')).toBe(true);
    expect(await opens('card', '72727273')).toBe(false);
  });

  it('refuses another operation on a credential while one is running', async () => {
    await control({ do: 'fault', lock: door.mac, fault: 'timeout' });
    try {
      const adding = await owner.call(card.add, { lockId: door.lockId, cardNumber: '83838383' });
      expect(adding.body.errorCode, JSON.stringify(adding.body)).toBe(0);
      const credentialId = dataOf(adding).credential.credentialId;
      expect((await owner.call(card.remove, { credentialId })).body.errorCode).toBe(ERRORS.credentialBusy.code);
      expect((await owner.call(card.changePeriod, { credentialId, validityType: 1 })).body.errorCode).toBe(
        ERRORS.credentialBusy.code,
      );
      expect((await owner.call(card.clear, { lockId: door.lockId })).body.errorCode).toBe(ERRORS.credentialBusy.code);
      await operated(adding, RemoteOperationState.failed);
      expect((await rowOf(credentialId))?.status).toBe(CredentialStatus.addFailed);
    } finally {
      await control({ do: 'fault', lock: door.mac, fault: 'none' });
    }
  });
});

describe('fingerprints on many locks', () => {
  it('uses one unit per lock: three locks take three units, the fourth is refused', async () => {
    await db().delete(serviceBalances).where(eq(serviceBalances.userId, ownerId));
    await addUnits(db(), ownerId, ServiceType.fingerprint, 3);
    const reply = await owner.call(fingerprint.add, {
      lockIds: doors.map((d) => d.lockId).join(','),
      template: Buffer.from('one finger, four doors').toString('base64'),
      deviceType: 2,
    });
    expect(reply.body.errorCode, JSON.stringify(reply.body)).toBe(0);
    const results = reply.body.data?.results ?? [];
    expect(results.map((r) => r.errorCode)).toEqual([0, 0, 0, ERRORS.fingerprintBalanceEmpty.code]);
    expect(results[3]).toMatchObject({ lockId: doors[3]?.lockId, credential: null, operation: null });
    expect(reply.body.data?.balance).toBe(0);
    for (const result of results.slice(0, 3)) {
      expect(result.credential).toMatchObject({ kind: 'fingerprint', type: 2, status: CredentialStatus.adding });
      expect((await operationEnd(owner, result.operation?.operationId as string)).state).toBe(
        RemoteOperationState.success,
      );
      expect((await rowOf(result.credential?.credentialId as number))?.status).toBe(CredentialStatus.normal);
    }
    const onFourth = await owner.call(fingerprint.list, { lockId: doors[3]?.lockId as number });
    expect(onFourth.body.data?.total).toBe(0);
    expect(await balanceOf(db(), ownerId, ServiceType.fingerprint)).toBe(0);
  });
});

describe('without a gateway', () => {
  it('says "lock not connected to gateway", stores nothing and uses no unit', async () => {
    await gatewayOnline(false);
    try {
      expect((await owner.call(card.add, { lockId: door.lockId, cardNumber: '94949494' })).body.errorCode).toBe(
        ERRORS.lockNotConnectedToGateway.code,
      );
      await addUnits(db(), ownerId, ServiceType.fingerprint, 1);
      const units = await balanceOf(db(), ownerId, ServiceType.fingerprint);
      const [before] = await db().select({ n: count() }).from(lockCredentials);
      const reply = await owner.call(fingerprint.add, {
        lockIds: String(door.lockId),
        template: Buffer.from('an offline finger').toString('base64'),
        deviceType: 1,
      });
      expect(reply.body.data?.results[0]?.errorCode).toBe(ERRORS.lockNotConnectedToGateway.code);
      expect(reply.body.data?.balance).toBe(units);
      expect((await owner.call(palmVein.add, { lockId: door.lockId })).body.errorCode).toBe(
        ERRORS.lockNotConnectedToGateway.code,
      );
      expect((await owner.call(qrCode.add, { lockId: door.lockId })).body.errorCode).toBe(
        ERRORS.lockNotConnectedToGateway.code,
      );
      const [after] = await db().select({ n: count() }).from(lockCredentials);
      expect(after?.n).toBe(before?.n);
    } finally {
      await gatewayOnline(true);
    }
  });
});

describe('faces', () => {
  const photo = (name: string) => [
    { field: 'photo', filename: name, contentType: 'application/octet-stream', data: fixture(name) },
  ];

  it('adds a clear frontal face (the lock gets the photo’s digest), changes and deletes it', async () => {
    const reply = await owner.callMultipart(
      face.add,
      { lockId: door.lockId, name: 'Mina Lee', idNumber: '11010519491231002X' },
      photo('portrait.jpg'),
    );
    const { credential } = await operated(reply);
    const row = await rowOf(credential.credentialId);
    expect(row).toMatchObject({ status: CredentialStatus.normal, idNumber: '11010519491231002X' });
    expect(row?.value).toBe(createHash('sha256').update(fixture('portrait.jpg')).digest('hex'));
    expect(credential.link).toBe(`/api/face/photo/${credential.credentialId}`);
    const again = await owner.callMultipart(
      face.add,
      { lockId: door.lockId, name: 'Mina Lee', idNumber: 'P1234567' },
      photo('portrait.jpg'),
    );
    expect(again.body.errorCode).toBe(ERRORS.credentialExists.code);
    const checked = await owner.callMultipart(face.checkPhoto, {}, photo('portrait.png'));
    expect(checked.body.errorCode, JSON.stringify(checked.body)).toBe(0);
    expect(checked.body.data?.width).toBeGreaterThan(0);
    await operated(
      await owner.call(face.changePeriod, {
        credentialId: credential.credentialId,
        validityType: ValidityType.limited,
        startDate: Date.now(),
        endDate: Date.now() + HOUR,
      }),
    );
    await operated(await owner.call(face.remove, { credentialId: credential.credentialId }));
    expect(await rowOf(credential.credentialId)).toBeUndefined();
  });

  it.each([
    ['no-face.jpg', 'no face was found'],
    ['two-faces.jpg', '2 faces were found'],
  ])('refuses %s saying why (%s), storing nothing', async (name, why) => {
    const [before] = await db().select({ n: count() }).from(lockCredentials);
    const reply = await owner.callMultipart(
      face.add,
      { lockId: door.lockId, name: 'Nobody', idNumber: 'P1234567' },
      photo(name),
    );
    expect(reply.body.errorCode, JSON.stringify(reply.body)).toBe(ERRORS.photoRequirement.code);
    expect(reply.body.errorMsg).toContain(why);
    const [after] = await db().select({ n: count() }).from(lockCredentials);
    expect(after?.n).toBe(before?.n);
  });
});
