import {
  ACCESS_TOKEN_COOKIE,
  type CallDefinition,
  CardStatus,
  type CredentialItem,
  CredentialStatus,
  ERRORS,
  ekey,
  FaceIdentifyFrequency,
  type LockCredentialKind,
  lock,
  lockCredential,
  PHOTO_MAX_BYTES,
  ServiceType,
} from '@smartlock/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { facePhotos, lockCredentials, locks, serviceBalances } from '../../db/schema';
import { addLock } from '../../test/devices';
import { loggedInClient } from '../../test/fixtures';
import { dataOf, startTestServer, type TestClient, type TestServer } from '../../test/harness';
import { encodePng, paint } from '../face/photoCheck/testImages';
import { addUnits, balanceOf } from '../service/serviceQueries';

const { card, face, fingerprint, keyFob, LOCK_CREDENTIAL_CALLS } = lockCredential;
const ALL_KINDS: LockCredentialKind[] = ['card', 'fingerprint', 'face', 'palmVein', 'qrCode', 'keyFob'];
const HOUR = 3_600_000;

let server: TestServer;
let owner: TestClient;
let ownerId: number;
let stranger: TestClient;
let strangerId: number;
/** A lock that reads every kind, with no gateway. */
let lockId: number;
/** A lock that reads none of them. */
let plainLockId: number;
let hotelLockId: number;
let strangerLockId: number;

beforeAll(async () => {
  server = await startTestServer();
  ({ client: owner, uid: ownerId } = await loggedInClient(server, 'stored-owner@example.com'));
  ({ client: stranger, uid: strangerId } = await loggedInClient(server, 'stored-stranger@example.com'));
  lockId = await addLock(owner, 'Every reader', [
    'passcode',
    'remoteUnlock',
    'card',
    'fingerprint',
    'face',
    'palmVein',
    'qrCode',
    'keyFob',
  ]);
  plainLockId = await addLock(owner, 'Keypad only');
  hotelLockId = await addLock(owner, 'Room 101', ['passcode', 'card', 'hotelLock']);
  strangerLockId = await addLock(stranger, 'Theirs', ['card', 'fingerprint', 'keyFob']);
}, 60_000);
afterAll(async () => server?.close());

const db = () => server.app.services.database.db;

/** A credential as the lock confirmed it, written straight into the table (no gateway here). */
async function stored(
  kind: LockCredentialKind,
  number: string,
  columns: Partial<typeof lockCredentials.$inferInsert> = {},
): Promise<number> {
  const [row] = await db()
    .insert(lockCredentials)
    .values({
      lockId,
      creatorId: ownerId,
      kind,
      number,
      value: number,
      validityType: 1,
      status: CredentialStatus.normal,
      ...columns,
    })
    .returning({ id: lockCredentials.id });
  return row?.id as number;
}

async function credentialCount(): Promise<number> {
  const [row] = await db().select({ n: count() }).from(lockCredentials);
  return row?.n ?? 0;
}

async function listOf(kind: LockCredentialKind, onLock = lockId, client = owner): Promise<CredentialItem[]> {
  const reply = await client.call(LOCK_CREDENTIAL_CALLS[kind].list, {
    lockId: onLock,
    pageSize: 200,
  });
  expect(reply.body.errorCode, JSON.stringify(reply.body)).toBe(0);
  return reply.body.data?.list ?? [];
}

const jpegOf = (size: number) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(size - 4, 1)]);
const photoPart = (data: Buffer, filename = 'face.jpg') => [
  { field: 'photo', filename, contentType: 'image/jpeg', data },
];

describe('listing and renaming', () => {
  it('lists a lock’s credentials of one kind, newest first, searchable, with the status as of now', async () => {
    const permanent = await stored('card', '11110001', { name: 'Reception' });
    const ahead = await stored('card', '11110002', {
      validityType: 2,
      startDate: new Date(Date.now() + HOUR),
      endDate: new Date(Date.now() + 2 * HOUR),
    });
    const past = await stored('card', '11110003', {
      validityType: 2,
      startDate: new Date(Date.now() - 2 * HOUR),
      endDate: new Date(Date.now() - HOUR),
      remark: 'old cleaner',
    });
    await stored('keyFob', 'A1B2C3');
    const cards = await listOf('card');
    const byId = new Map(cards.map((c) => [c.credentialId, c]));
    expect(byId.get(permanent)).toMatchObject({
      kind: 'card',
      number: '11110001',
      name: 'Reception',
      status: CredentialStatus.normal,
      senderUsername: 'stored-owner@example.com',
      link: null,
    });
    expect(byId.get(ahead)?.status).toBe(CredentialStatus.willBeValid);
    expect(byId.get(past)?.status).toBe(CredentialStatus.invalid);
    expect(cards.every((c) => c.kind === 'card')).toBe(true);
    expect(cards.map((c) => c.credentialId).slice(0, 3)).toEqual([past, ahead, permanent]);
    const found = await owner.call(card.list, { lockId, searchStr: 'cleaner' });
    expect(found.body.data?.list.map((c) => c.credentialId)).toEqual([past]);
  });

  it('renames and re-remarks in the cloud alone, by the remark rules', async () => {
    const id = await stored('keyFob', 'FFEE01');
    const renamed = await owner.call(keyFob.rename, {
      credentialId: id,
      name: 'Jo’s fob',
      remark: 'Blue, 2nd floor',
    });
    expect(renamed.body.errorCode, JSON.stringify(renamed.body)).toBe(0);
    expect(renamed.body.data?.credential).toMatchObject({ name: 'Jo’s fob', remark: 'Blue, 2nd floor' });
    const bad = await owner.call(keyFob.rename, { credentialId: id, remark: 'see <b>here</b>' });
    expect(bad.body.errorCode).toBe(ERRORS.remarkInvalid.code);
    const badName = await owner.call(keyFob.rename, { credentialId: id, name: 'back\\slash' });
    expect(badName.body.errorCode).toBe(ERRORS.remarkInvalid.code);
    const tooLong = await owner.call(keyFob.rename, { credentialId: id, remark: 'x'.repeat(201) });
    expect(tooLong.body.errorCode).toBe(ERRORS.badParameter.code);
    const [row] = await db().select().from(lockCredentials).where(eq(lockCredentials.id, id));
    expect(row?.remark).toBe('Blue, 2nd floor');
    // A key fob is not found among the cards.
    expect((await owner.call(card.rename, { credentialId: id, name: 'x' })).body.errorCode).toBe(
      ERRORS.credentialNotFound.code,
    );
  });

  it('counts the live credentials of each kind in the lock detail (a lost card is not counted)', async () => {
    await stored('card', '11119999', { status: CardStatus.lost });
    await stored('qrCode', '123456789012');
    const reply = await owner.call(lock.detail, { lockId });
    expect(reply.body.errorCode, JSON.stringify(reply.body)).toBe(0);
    const counts = dataOf(reply).credentialCounts;
    const live = async (kind: LockCredentialKind) =>
      (await listOf(kind)).filter((c) => c.status !== CardStatus.lost).length;
    for (const kind of ALL_KINDS) expect(counts[kind], kind).toBe(await live(kind));
    expect(counts.qrCode).toBeGreaterThan(0);
  });
});

describe('the rules before anything goes to the lock', () => {
  it('needs a lock that reads the kind', async () => {
    const before = await credentialCount();
    const refused = await owner.call(card.add, { lockId: plainLockId, cardNumber: '55550001' });
    expect(refused.body.errorCode).toBe(ERRORS.operationNotSupported.code);
    const fob = await owner.call(keyFob.add, { lockId: hotelLockId, keyFobNumber: 'ABCDEF' });
    expect(fob.body.errorCode).toBe(ERRORS.operationNotSupported.code);
    expect(await credentialCount()).toBe(before);
  });

  it.each([
    ['a limited validity without dates', { validityType: 2 }, 'badParameter'],
    [
      'an end before the start',
      { validityType: 2, startDate: Date.now() + 2 * HOUR, endDate: Date.now() + HOUR },
      'startNotBeforeEnd',
    ],
    [
      'an end in the past',
      { validityType: 2, startDate: Date.now() - 2 * HOUR, endDate: Date.now() - HOUR },
      'endInPast',
    ],
    [
      'a cyclic validity without its cycle',
      { validityType: 4, startDate: Date.now(), endDate: Date.now() + 24 * HOUR },
      'selectAtLeastOneTimePeriod',
    ],
    ['a remark with markup', { remark: '<script>' }, 'remarkInvalid'],
    ['a card number with letters', { cardNumber: '12AB34' }, 'badParameter'],
  ] as const)('refuses %s', async (_name, params, error) => {
    const before = await credentialCount();
    const reply = await owner.call(card.add, { lockId, cardNumber: '55550002', ...params });
    expect(reply.body.errorCode, JSON.stringify(reply.body)).toBe(ERRORS[error].code);
    expect(await credentialCount()).toBe(before);
  });

  it('refuses a number the lock already holds, and says "not connected" otherwise, changing nothing', async () => {
    await stored('card', '55550003');
    expect((await owner.call(card.add, { lockId, cardNumber: '55550003' })).body.errorCode).toBe(
      ERRORS.credentialExists.code,
    );
    await stored('keyFob', 'C0FFEE');
    expect((await owner.call(keyFob.add, { lockId, keyFobNumber: 'c0ffee' })).body.errorCode).toBe(
      ERRORS.credentialExists.code,
    );
    const before = await credentialCount();
    for (const [call, params] of [
      [card.add, { cardNumber: '55550004' }],
      [keyFob.add, { keyFobNumber: '0A0B0C' }],
      [lockCredential.qrCode.add, {}],
      [lockCredential.palmVein.add, { name: 'Ana' }],
    ] as const) {
      const reply = await owner.call(call, { lockId, ...params });
      expect(reply.body.errorCode, call.path).toBe(ERRORS.lockNotConnectedToGateway.code);
    }
    const id = await stored('card', '55550005');
    expect((await owner.call(card.remove, { credentialId: id })).body.errorCode).toBe(
      ERRORS.lockNotConnectedToGateway.code,
    );
    expect((await owner.call(card.reportLoss, { credentialId: id })).body.errorCode).toBe(
      ERRORS.lockNotConnectedToGateway.code,
    );
    expect(
      (
        await owner.call(card.changePeriod, {
          credentialId: id,
          validityType: 2,
          startDate: Date.now(),
          endDate: Date.now() + HOUR,
        })
      ).body.errorCode,
    ).toBe(ERRORS.lockNotConnectedToGateway.code);
    expect((await owner.call(card.clear, { lockId })).body.errorCode).toBe(ERRORS.lockNotConnectedToGateway.code);
    expect(await credentialCount()).toBe(before + 1);
    const [row] = await db().select().from(lockCredentials).where(eq(lockCredentials.id, id));
    expect(row).toMatchObject({ status: CredentialStatus.normal, operationId: null, validityType: 1 });
  });

  it('refuses another operation while one is running on a credential', async () => {
    const id = await stored('card', '55550006', { status: CredentialStatus.updating, operationId: 'running' });
    for (const [call, params] of [
      [card.remove, {}],
      [card.reportLoss, {}],
      [card.changePeriod, { validityType: 1 }],
    ] as const) {
      const reply = await owner.call(call, { credentialId: id, ...params });
      expect(reply.body.errorCode, call.path).toBe(ERRORS.credentialBusy.code);
    }
    expect((await owner.call(card.clear, { lockId })).body.errorCode).toBe(ERRORS.credentialBusy.code);
    await db().delete(lockCredentials).where(eq(lockCredentials.id, id));
  });
});

describe('faces', () => {
  const faceParams = { lockId, name: 'Mina Lee', idNumber: 'P1234567' };

  it('checks the ID number, then the photo’s format and size, before anything else', async () => {
    const before = await credentialCount();
    const add = (params: Record<string, string | number>, data: Buffer) =>
      owner.callMultipart(face.add, { ...faceParams, lockId, ...params }, photoPart(data));
    const badId = await add({ idNumber: '11010519491231002X'.replace('X', '1') }, jpegOf(100));
    expect(badId.body.errorCode).toBe(ERRORS.idNumberFormat.code);
    expect((await add({ idNumber: 'A-' }, jpegOf(100))).body.errorCode).toBe(ERRORS.idNumberFormat.code);
    const gif = await add({}, Buffer.from('GIF89a not a photo at all'));
    expect(gif.body.errorCode).toBe(ERRORS.photoFormat.code);
    const large = await add({}, jpegOf(PHOTO_MAX_BYTES + 1));
    expect(large.body.errorCode).toBe(ERRORS.photoTooLarge.code);
    expect(large.body.errorMsg).toContain('2');
    const none = await owner.callMultipart(face.add, { ...faceParams, lockId }, []);
    expect(none.body.errorCode).toBe(ERRORS.badParameter.code);
    const noName = await owner.callMultipart(face.add, { ...faceParams, lockId, name: '' }, photoPart(jpegOf(100)));
    expect(noName.body.errorCode).toBe(ERRORS.badParameter.code);
    expect(await credentialCount()).toBe(before);
  });

  it('answers the photo check with the same format and size rules', async () => {
    const gif = await owner.callMultipart(face.checkPhoto, {}, photoPart(Buffer.from('GIF89a'), 'face.gif'));
    expect(gif.body.errorCode).toBe(ERRORS.photoFormat.code);
    const large = await owner.callMultipart(face.checkPhoto, {}, photoPart(jpegOf(PHOTO_MAX_BYTES + 10)));
    expect(large.body.errorCode).toBe(ERRORS.photoTooLarge.code);
    expect((await owner.callMultipart(face.checkPhoto, {}, [])).body.errorCode).toBe(ERRORS.badParameter.code);
  });

  it('answers a blank photo with photoRequirement (-3042, as documented), saying no face was found', async () => {
    const blank = Buffer.from(encodePng(paint(240, 300, () => [255, 255, 255])));
    const reply = await owner.callMultipart(face.checkPhoto, {}, photoPart(blank, 'blank.png'));
    expect(reply.body.errorCode, JSON.stringify(reply.body)).toBe(-3042);
    expect(reply.body.errorCode).toBe(ERRORS.photoRequirement.code);
    expect(reply.body.errorMsg).toBe(
      'This photo cannot be used: no face was found. Use a photo of one face, from the front, on a plain background.',
    );
  }, 120_000);

  it('serves a face’s photo to those who manage the lock, with the session cookie', async () => {
    const id = await stored('face', 'placeholder', { idNumber: 'P7654321', name: 'Sam' });
    await db()
      .update(lockCredentials)
      .set({ number: String(id) })
      .where(eq(lockCredentials.id, id));
    const bytes = jpegOf(64);
    await db().insert(facePhotos).values({ credentialId: id, format: 'jpg', bytes });
    const item = (await listOf('face')).find((f) => f.credentialId === id);
    expect(item?.link).toBe(`/api/face/photo/${id}`);
    const get = (client: TestClient | undefined) =>
      server.app.inject({
        method: 'GET',
        url: item?.link as string,
        headers: client?.cookie ? { cookie: `${ACCESS_TOKEN_COOKIE}=${client.cookie}` } : {},
      });
    const mine = await get(owner);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/jpeg');
    expect(Buffer.compare(mine.rawPayload, bytes)).toBe(0);
    expect((await get(stranger)).statusCode).toBe(403);
    expect((await get(undefined)).statusCode).toBe(401);
    const missing = await server.app.inject({
      method: 'GET',
      url: '/api/face/photo/999999',
      headers: { cookie: `${ACCESS_TOKEN_COOKIE}=${owner.cookie}` },
    });
    expect(missing.statusCode).toBe(403);
  });
});

describe('fingerprints and the service balance', () => {
  const template = Buffer.from('a fingerprint template from scanner A').toString('base64');

  it('refuses each lock alone: an empty balance, no fingerprint reader, no gateway (the unit kept)', async () => {
    await db().delete(serviceBalances).where(eq(serviceBalances.userId, ownerId));
    const empty = await owner.call(fingerprint.add, { lockIds: `${lockId},${plainLockId}`, template, deviceType: 1 });
    expect(empty.body.errorCode, JSON.stringify(empty.body)).toBe(0);
    expect(empty.body.data?.results.map((r) => [r.lockId, r.errorCode])).toEqual([
      [lockId, ERRORS.fingerprintBalanceEmpty.code],
      [plainLockId, ERRORS.operationNotSupported.code],
    ]);
    expect(empty.body.data?.balance).toBe(0);

    await addUnits(db(), ownerId, ServiceType.fingerprint, 1);
    const before = await credentialCount();
    const offline = await owner.call(fingerprint.add, { lockIds: String(lockId), template, deviceType: 1 });
    expect(offline.body.data?.results[0]?.errorCode).toBe(ERRORS.lockNotConnectedToGateway.code);
    expect(offline.body.data?.balance).toBe(1);
    expect(await balanceOf(db(), ownerId, ServiceType.fingerprint)).toBe(1);
    expect(await credentialCount()).toBe(before);
  });

  it('refuses the whole call when one of the locks is another account’s, trying none', async () => {
    await addUnits(db(), ownerId, ServiceType.fingerprint, 1);
    const before = await credentialCount();
    const refused = await owner.call(fingerprint.add, {
      lockIds: `${lockId},${strangerLockId}`,
      template,
      deviceType: 1,
    });
    expect(refused.body.errorCode).toBe(ERRORS.noPermission.code);
    expect(await credentialCount()).toBe(before);
    expect(await balanceOf(db(), ownerId, ServiceType.fingerprint)).toBeGreaterThan(0);
  });

  it('refuses a template that is not base64 and a scanner make it does not know', async () => {
    expect(
      (await owner.call(fingerprint.add, { lockIds: String(lockId), template: 'not base64!', deviceType: 1 })).body
        .errorCode,
    ).toBe(ERRORS.badParameter.code);
    expect(
      (await owner.call(fingerprint.add, { lockIds: String(lockId), template, deviceType: 9 })).body.errorCode,
    ).toBe(ERRORS.badParameter.code);
  });
});

describe('another account', () => {
  it('can list, add, rename, change, delete, clear or report none of it (no permission, missing ids too)', async () => {
    const ids = new Map<LockCredentialKind, number>();
    for (const kind of ALL_KINDS) ids.set(kind, await stored(kind, `${kind}-stranger-${Date.now()}`));
    const before = await credentialCount();
    for (const kind of ALL_KINDS) {
      const calls = LOCK_CREDENTIAL_CALLS[kind];
      const credentialId = ids.get(kind) as number;
      const attempts: [CallDefinition, Record<string, string | number>][] = [
        [calls.list, { lockId }],
        [calls.rename, { credentialId, name: 'mine' }],
        [calls.changePeriod, { credentialId, validityType: 1 }],
        [calls.remove, { credentialId }],
        [calls.clear, { lockId }],
        [calls.remove, { credentialId: 2_000_000_000 }],
      ];
      for (const [call, params] of attempts) {
        const reply = await stranger.call(call, params);
        expect(reply.body.errorCode, `${call.path} ${JSON.stringify(reply.body)}`).toBe(ERRORS.noPermission.code);
      }
    }
    const adds: [CallDefinition, Record<string, string | number>][] = [
      [card.add, { cardNumber: '77770001' }],
      [keyFob.add, { keyFobNumber: '777701' }],
      [lockCredential.qrCode.add, {}],
      [lockCredential.palmVein.add, {}],
      [card.reportLoss, { credentialId: ids.get('card') as number }],
    ];
    for (const [call, params] of adds) {
      const reply = await stranger.call(call, { lockId, ...params });
      expect(reply.body.errorCode, call.path).toBe(ERRORS.noPermission.code);
    }
    const faceReply = await stranger.callMultipart(
      face.add,
      { lockId, name: 'X', idNumber: 'P1234567' },
      photoPart(jpegOf(100)),
    );
    expect(faceReply.body.errorCode).toBe(ERRORS.noPermission.code);
    expect(await credentialCount()).toBe(before);
    const [row] = await db()
      .select()
      .from(lockCredentials)
      .where(eq(lockCredentials.id, ids.get('card') as number));
    expect(row?.name).toBe('');
  });
});

describe('locks by card number', () => {
  it('lists the caller’s managed locks holding a live card with the number, an administrator’s too', async () => {
    const number = '90901234';
    const mine = await stored('card', number);
    await stored('card', number, { lockId: hotelLockId, status: CardStatus.lost });
    await db().insert(lockCredentials).values({
      lockId: strangerLockId,
      creatorId: strangerId,
      kind: 'card',
      number,
      value: number,
      validityType: 1,
      status: 1,
    });
    const reply = await owner.call(lockCredential.listLocksByCardNumber, { cardNumber: number });
    expect(reply.body.errorCode, JSON.stringify(reply.body)).toBe(0);
    expect(reply.body.data?.list).toEqual([
      expect.objectContaining({
        lockId,
        credentialId: mine,
        lockName: 'Every reader',
        status: CredentialStatus.normal,
      }),
    ]);
    const theirs = await stranger.call(lockCredential.listLocksByCardNumber, { cardNumber: number });
    expect(theirs.body.data?.total).toBe(1);

    const { client: admin } = await loggedInClient(server, 'stored-admin@example.com');
    const sent = await owner.call(ekey.send, {
      lockId,
      receiverUsername: 'stored-admin@example.com',
      validityType: 1,
      keyRight: 1,
    });
    expect(sent.body.errorCode, JSON.stringify(sent.body)).toBe(0);
    const asAdmin = await admin.call(lockCredential.listLocksByCardNumber, {
      cardNumber: number,
    });
    expect(asAdmin.body.data?.list.map((l) => l.lockId)).toEqual([lockId]);
    expect((await listOf('card', lockId, admin)).some((c) => c.credentialId === mine)).toBe(true);
  });
});

describe('hotel settings', () => {
  const info = async (client = owner) => {
    const reply = await client.call(lockCredential.getHotelInfo, {});
    expect(reply.body.errorCode, JSON.stringify(reply.body)).toBe(0);
    return dataOf(reply);
  };

  it('starts empty, saves sector and buildings, and places a hotel lock on a floor that exists', async () => {
    expect(await info()).toMatchObject({ sector: 0, buildings: [] });
    expect((await info()).locks.map((l) => l.lockId)).toEqual([hotelLockId]);
    const twice = await owner.call(lockCredential.updateHotelInfo, {
      sector: 3,
      buildings: JSON.stringify([
        { building: 1, floors: 5 },
        { building: 1, floors: 6 },
      ]),
    });
    expect(twice.body.errorCode).toBe(ERRORS.badParameter.code);
    const saved = await owner.call(lockCredential.updateHotelInfo, {
      sector: 3,
      buildings: JSON.stringify([
        { building: 2, floors: 4 },
        { building: 1, floors: 12 },
      ]),
    });
    expect(saved.body.errorCode, JSON.stringify(saved.body)).toBe(0);
    expect(await info()).toMatchObject({
      sector: 3,
      buildings: [
        { building: 1, floors: 12 },
        { building: 2, floors: 4 },
      ],
    });

    const place = (params: Record<string, number>, client = owner) =>
      client.call(lockCredential.setHotelRoom, { lockId: hotelLockId, building: 1, floor: 1, ...params });
    expect((await place({ building: 3 })).body.errorCode).toBe(ERRORS.badParameter.code);
    expect((await place({ building: 2, floor: 5 })).body.errorCode).toBe(ERRORS.badParameter.code);
    expect((await place({ lockId })).body.errorCode).toBe(ERRORS.operationNotSupported.code);
    expect((await place({}, stranger)).body.errorCode).toBe(ERRORS.noPermission.code);
    expect((await place({ building: 2, floor: 4 })).body.errorCode).toBe(0);
    expect((await info()).locks).toEqual([expect.objectContaining({ lockId: hotelLockId, building: 2, floor: 4 })]);

    // Building 2 shrinks below the lock's floor: the lock loses its place.
    await owner.call(lockCredential.updateHotelInfo, {
      sector: 3,
      buildings: JSON.stringify([{ building: 2, floors: 3 }]),
    });
    expect((await info()).locks).toEqual([
      expect.objectContaining({ lockId: hotelLockId, building: null, floor: null }),
    ]);
    expect(await info(stranger)).toMatchObject({ sector: 0, buildings: [], locks: [] });
  });
});

describe('face identification', () => {
  it('shows the owner’s balance and the lock’s frequency to managers; key holders are sent to the administrator', async () => {
    const balance = (client: TestClient, onLock = lockId) =>
      client.call(lockCredential.getFaceAuthNumBalance, { lockId: onLock });
    expect((await balance(owner)).body.data).toEqual({ balance: 0, frequency: FaceIdentifyFrequency.firstTimeOnly });
    await addUnits(db(), ownerId, ServiceType.faceIdentify, 40);
    const updated = await owner.call(lockCredential.updateFaceAuthFrequency, {
      lockId,
      frequency: FaceIdentifyFrequency.weekly,
    });
    expect(updated.body.errorCode, JSON.stringify(updated.body)).toBe(0);
    expect((await balance(owner)).body.data).toEqual({ balance: 40, frequency: FaceIdentifyFrequency.weekly });
    expect((await owner.call(lockCredential.getFaceAuthInfo, {})).body.data).toEqual({ balance: 40 });
    expect((await stranger.call(lockCredential.getFaceAuthInfo, {})).body.data).toEqual({ balance: 0 });

    const { client: holder } = await loggedInClient(server, 'face-holder@example.com');
    await owner.call(ekey.send, { lockId, receiverUsername: 'face-holder@example.com', validityType: 1 });
    expect((await balance(holder)).body.errorCode).toBe(ERRORS.faceAuthContactAdmin.code);
    expect((await holder.call(lockCredential.updateFaceAuthFrequency, { lockId, frequency: 2 })).body.errorCode).toBe(
      ERRORS.faceAuthContactAdmin.code,
    );

    const { client: admin } = await loggedInClient(server, 'face-admin@example.com');
    await owner.call(ekey.send, { lockId, receiverUsername: 'face-admin@example.com', validityType: 1, keyRight: 1 });
    expect((await balance(admin)).body.data).toEqual({ balance: 40, frequency: FaceIdentifyFrequency.weekly });
    expect((await admin.call(lockCredential.updateFaceAuthFrequency, { lockId, frequency: 2 })).body.errorCode).toBe(
      ERRORS.faceAuthContactAdmin.code,
    );

    expect((await balance(stranger)).body.errorCode).toBe(ERRORS.noPermission.code);
    expect((await balance(owner, 2_000_000_000)).body.errorCode).toBe(ERRORS.noPermission.code);
    const [row] = await db().select().from(locks).where(eq(locks.id, lockId));
    expect(row?.faceAuthFrequency).toBe(FaceIdentifyFrequency.weekly);
  });
});
