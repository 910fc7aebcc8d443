import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  ALL_CALLS,
  type CallDefinition,
  Currency,
  ERRORS,
  FingerprintDeviceType,
  featureValueOf,
  PasscodeType,
  PaymentMethod,
  ServiceType,
  TemplateType,
  user,
  ValidationCodeType,
  ValidityType,
  VipStatus,
} from '@smartlock/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshMac } from '../test/devices';
import { loggedInClient, PASSWORD } from '../test/fixtures';
import { startTestServer, type TestClient, type TestServer } from '../test/harness';
import { ALL_FEATURES, buildWorld, type Cast, type World } from '../test/permissionWorld';
import { setVipStatus } from '../test/vip';
import { type Cell, type PermissionRow, parsePermissionTable, ROLES, type Role, rowsFor } from './permissionTable';

/**
 * The generated permission test: every call of the contract, by every role of
 * docs/permissions.md, on one owner's lock and everything on it (a fresh one after each call
 * that may have changed it: a POST that succeeded; a refused call is proven to change nothing,
 * and a GET only reads). A refusal must answer the table's error, say nothing, and change
 * nothing; an allowed call must get past the permission check; a role with no right to the lock
 * never reads its names. A call with no row in the table fails the test.
 */

const TABLE = parsePermissionTable(
  readFileSync(fileURLToPath(new URL('../../../../docs/permissions.md', import.meta.url)), 'utf8'),
);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const wholeHour = (hours: number) => Math.ceil(Date.now() / HOUR) * HOUR + hours * HOUR;

/** Parameters that point at an object, and whose it must be for an "own" call to be allowed. */
const OBJECT_PARAMS: Record<string, 'lock' | 'account'> = {
  lockId: 'lock',
  lockIds: 'lock',
  lockIdList: 'lock',
  keyId: 'lock',
  keyboardPwdId: 'lock',
  credentialId: 'lock',
  groupId: 'account',
  groupIds: 'account',
  gatewayId: 'account',
  gatewayIdList: 'account',
  operationId: 'account',
  adminUid: 'account',
  orderNo: 'account',
  templateId: 'account',
};

/** What each object parameter is in the world. */
function objectValue(name: string, world: World, call: CallDefinition): string | number | undefined {
  const kind = call.path.split('/')[1] as string;
  const credentialKind = {
    card: 'card',
    fingerprint: 'fingerprint',
    face: 'face',
    palmVein: 'palmVein',
    qrcode: 'qrCode',
    keyfob: 'keyFob',
  }[kind];
  const values: Record<string, string | number | undefined> = {
    lockId: world.lockId,
    lockIds: `${world.lockId}`,
    lockIdList: `${world.lockId}`,
    keyId: world.keyId,
    keyboardPwdId: world.passcodeId,
    credentialId: credentialKind ? world.credentialIds[credentialKind] : undefined,
    groupId: world.groupId,
    groupIds: `${world.groupId}`,
    gatewayId: world.gatewayId,
    gatewayIdList: `${world.gatewayId}`,
    operationId: world.operationId,
    adminUid: world.adminUid,
    lockUser: world.lockUser,
    orderNo: world.orderNo,
    templateId: world.templateId,
  };
  return values[name];
}

type Sample = (world: World) => string | number;

/** A valid value for each other required parameter: by "path field", else by field. */
const SAMPLES: Record<string, Sample> = {
  '/lock/unlockByLink token': (w) => w.unlockToken,
  '/user/loginByAccessToken token': () => 'a'.repeat(43),
  '/lock/updateSetting type': () => 'remoteUnlock',
  '/lock/updateSetting value': () => 1,
  '/user/sendValidationCode type': () => ValidationCodeType.register,
  '/user/listExpireUser startDate': () => Date.now(),
  '/user/listExpireUser endDate': () => Date.now() + 30 * DAY,
  '/gateway/updateLockReach locks': (w) => JSON.stringify([{ lockId: w.lockId, rssi: -60 }]),
  '/passcode/get keyboardPwdType': () => PasscodeType.permanent,
  '/lock/export startDate': () => Date.now() - 7 * DAY,
  '/order/create serviceType': () => ServiceType.sms,
  '/order/create quantity': () => 100,
  '/order/create currency': () => Currency.dollar,
  '/order/create paymentMethod': () => PaymentMethod.international,
  '/template/add channel': () => 'sms',
  '/template/add type': () => TemplateType.passcode,
  '/template/list channel': () => 'sms',
  content: () => 'Room {room}: {passcode}',
  keyword: () => 'Sydney',
  cityId: () => 2147714,
  '/lock/export endDate': () => Date.now(),
  // Optional parameters the call needs to get past its own checks (a path's sample is sent even when optional).
  '/user/bindMobile mobile': () => '0412 999 888',
  '/user/bindMobile validationCode': () => '123456',
  '/user/bindEmail email': () => 'matrix-bound@example.com',
  '/user/bindEmail validationCode': () => '123456',
  '/lockRecord/upload records': () =>
    JSON.stringify([
      { recordId: `matrix-${Date.now()}-${Math.random()}`, recordType: 4, success: 1, lockTime: Date.now() },
    ]),
  account: () => 'matrix-nobody@example.com',
  receiverUsername: () => 'matrix-newcomer@example.com',
  password: () => PASSWORD,
  oldPassword: () => PASSWORD,
  // The same password again: accepted, so every role still logs in with PASSWORD afterwards.
  newPassword: () => PASSWORD,
  validationCode: () => '123456',
  agreement: () => 1,
  validityType: () => ValidityType.permanent,
  lockName: () => 'Matrix name',
  groupName: () => 'Matrix group',
  gatewayName: () => 'Matrix gateway',
  name: () => 'Matrix name',
  lockMac: () => freshMac('AB:EF'),
  lockNumber: () => 'M_new',
  firmware: () => '6.1.22',
  featureValue: () => featureValueOf(ALL_FEATURES),
  passcodeVersion: () => 4,
  gatewayMac: () => freshMac('AC:EF'),
  gatewayVersion: () => 2,
  networkName: () => 'Matrix net',
  timezoneRawOffset: () => HOUR,
  seconds: () => 10,
  passageMode: () => 2,
  periods: () => '[]',
  action: () => 'raising',
  validMinutes: () => 30,
  keyboardPwd: () => '13579246',
  channel: () => 'email',
  receivers: () => JSON.stringify([{ receiverUsername: 'matrix-newcomer@example.com' }]),
  cardNumber: () => '80800001',
  keyFobNumber: () => '90900001',
  template: () => 'A'.repeat(64),
  frequency: () => 1,
  building: () => 1,
  floor: () => 1,
  sector: () => 1,
  buildings: () => JSON.stringify([{ building: 1, floors: 3 }]),
  domainName: () => 'localhost',
  receiver: () => 'matrix-newcomer@example.com',
  deviceType: () => FingerprintDeviceType.scannerA,
  idNumber: () => 'M1234567',
  sliderId: () => 'matrix',
  x: () => 10,
  startDate: () => wholeHour(1),
  endDate: () => wholeHour(49),
};

/** The parameters of a call in the world: its objects, and a valid value for what it requires. */
function paramsFor(call: CallDefinition, world: World, condition: PermissionRow['condition']) {
  const shape = (call.params as unknown as { shape?: Record<string, { safeParse(v: unknown): { success: boolean } }> })
    .shape;
  const params: Record<string, string | number> = {};
  for (const [name, field] of Object.entries(shape ?? {})) {
    const object = objectValue(name, world, call);
    if (object !== undefined) {
      params[name] = object;
      continue;
    }
    const specific = SAMPLES[`${call.path} ${name}`];
    if (field.safeParse(undefined).success && !specific) continue;
    const sample = specific ?? SAMPLES[name];
    if (!sample) throw new Error(`${call.path}: no sample for its required parameter "${name}" (add one to SAMPLES)`);
    params[name] = sample(world);
  }
  if (condition) params[condition.param] = condition.value;
  return params;
}

/** Whether a role's call on the world's objects should pass, by the table's cell. */
function allowed(cell: Cell, role: Role, params: Record<string, unknown>): boolean {
  switch (cell.verdict) {
    case 'yes':
      return true;
    case 'no':
      return false;
    case 'ownersOnly':
      return role === 'owner';
    case 'own':
      return Object.keys(params).every((name) => {
        const object = OBJECT_PARAMS[name];
        if (object === 'lock') return role === 'owner' || role === 'admin';
        if (object === 'account') return role === 'owner';
        return true;
      });
  }
}

const REFUSALS: number[] = [ERRORS.noPermission.code, ERRORS.notLoggedIn.code, ERRORS.loginExpired.code];

/** An upload's file (the face photo check). */
const PHOTO = {
  field: 'photo',
  filename: 'portrait.jpg',
  contentType: 'image/jpeg',
  data: readFileSync(fileURLToPath(new URL('../domains/face/photoCheck/fixtures/portrait.jpg', import.meta.url))),
};

/** What each upload sends: the avatar part for /user/updateUserInfo, the face photo otherwise. */
const filesFor = (call: CallDefinition) => (call === user.updateUserInfo ? [{ ...PHOTO, field: 'avatar' }] : [PHOTO]);

/** Roles with no right to the lock: nothing they read may name it (unless the table lets anyone make the call, as an unlock link's holder). */
const OUTSIDERS: readonly Role[] = ['visitor', 'lockUser', 'stranger'];

/** Tables a refused call must not change (sessions, nonces, rate counters and challenges move on any call). */
const WATCHED_TABLES = [
  'users',
  'outbox',
  'locks',
  'gateways',
  'gateway_locks',
  'remote_operations',
  'lock_records',
  'notifications',
  'lock_groups',
  'lock_group_locks',
  'unlock_links',
  'ekeys',
  'passcodes',
  'lock_credentials',
  'face_photos',
  'hotel_settings',
  'service_balances',
  'user_avatars',
  'orders',
  'payment_events',
  'vip_subscriptions',
  'message_templates',
  'sandbox_payments',
  'sandbox_notifications',
  'face_identifications',
  'cities',
  'city_unlocks',
];

let server: TestServer;
let cast: Cast;
const clients = {} as Record<Role, TestClient>;
const accounts: Partial<Record<Role, string>> = {
  owner: 'matrix-owner@example.com',
  admin: 'matrix-admin@example.com',
  eKeyUser: 'matrix-ekey-user@example.com',
  stranger: 'matrix-stranger@example.com',
};

async function snapshot(): Promise<string> {
  const db = server.app.services.database.db;
  const parts = WATCHED_TABLES.map(
    (table) =>
      sql`select ${table} as t, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from ${sql.raw(`"${table}"`)} x`,
  );
  const result = (await db.execute(sql.join(parts, sql` union all `))) as unknown as {
    rows: { t: string; h: string }[];
  };
  return result.rows.map((r) => `${r.t}:${r.h}`).join(',');
}

/** Logs a role back in when a call ended its session (logout). */
async function keepLoggedIn(role: Role): Promise<void> {
  const account = accounts[role];
  if (!account || clients[role].cookie) return;
  const reply = await clients[role].call(user.login, {
    account,
    password: PASSWORD,
  });
  expect(reply.body.errorCode, JSON.stringify(reply.body)).toBe(0);
}

beforeAll(async () => {
  server = await startTestServer();
  const made: Partial<Record<Role, { client: TestClient; uid: number }>> = {};
  for (const role of ['owner', 'admin', 'eKeyUser', 'stranger'] as const) {
    made[role] = await loggedInClient(server, accounts[role] as string);
    clients[role] = made[role].client;
  }
  // The owner writes templates (the advanced function's) for the world to hold one.
  await setVipStatus(server.app.services.database.db, made.owner?.uid as number, VipStatus.trial);
  clients.visitor = server.client();
  clients.lockUser = server.client();
  cast = {
    server,
    owner: clients.owner,
    ownerUid: made.owner?.uid as number,
    adminAccount: accounts.admin as string,
    adminUid: made.admin?.uid as number,
    eKeyUserAccount: accounts.eKeyUser as string,
  };
}, 60_000);
afterAll(async () => server?.close());

describe('docs/permissions.md covers the contract', () => {
  it('has a row for every call of the contract', () => {
    const missing = ALL_CALLS.filter((call) => rowsFor(TABLE, call.path).length === 0).map((c) => c.path);
    expect(missing, 'calls without a row in docs/permissions.md').toEqual([]);
  });

  it('names no call the contract does not have', () => {
    const paths = new Set<string>(ALL_CALLS.map((c) => c.path));
    const stale = TABLE.flatMap((row) => row.paths).filter((path) => !paths.has(path));
    expect(stale, 'rows naming calls that do not exist').toEqual([]);
  });
});

describe('every call, by every role, does what docs/permissions.md says', () => {
  const cases = ALL_CALLS.flatMap((call) =>
    rowsFor(TABLE, call.path).map((row) => ({
      label: `${call.path}${row.condition ? ` (${row.condition.param} ${row.condition.value})` : ''}`,
      call,
      row,
    })),
  );

  /** The world the calls point at, fresh: rebuilt after every call that may have changed it. */
  let world: World | undefined;
  it.each(cases)('$label', async ({ call, row }) => {
    world ??= await buildWorld(cast);
    for (const role of ROLES) {
      const cell = row.cells[role];
      const params = paramsFor(call, world, row.condition);
      const mayPass = allowed(cell, role, params);
      const before = mayPass ? '' : await snapshot();
      const reply = call.multipart
        ? await clients[role].callMultipart(call, params, filesFor(call))
        : await clients[role].call(call, params);
      const what = `${call.path} by ${role} (line ${row.line}: ${cell.verdict}) -> ${JSON.stringify(reply.body).slice(0, 300)}`;
      expect(reply.status, what).toBeLessThan(500);
      expect(reply.body.errorCode, what).not.toBe(ERRORS.badParameter.code);
      if (mayPass) {
        // A public call may answer "login expired" as its own result (an access token checked).
        const refusals = call.auth === 'public' ? [ERRORS.noPermission.code] : REFUSALS;
        expect(refusals, what).not.toContain(reply.body.errorCode);
      } else {
        const session = role !== 'visitor' && role !== 'lockUser';
        const expected = session ? ERRORS[cell.refusal ?? 'noPermission'].code : ERRORS.notLoggedIn.code;
        expect(reply.body.errorCode, what).toBe(expected);
        expect(reply.body.data ?? null, what).toBeNull();
        expect(await snapshot(), `${what}: a refused call changed the database`).toBe(before);
      }
      if (OUTSIDERS.includes(role) && cell.verdict !== 'yes')
        expect(JSON.stringify(reply.body), what).not.toContain(world.mark);
      await keepLoggedIn(role);
      if (mayPass && reply.body.errorCode === 0 && call.method === 'POST') world = await buildWorld(cast);
    }
  });
});
