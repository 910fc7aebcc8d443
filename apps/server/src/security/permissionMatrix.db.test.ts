import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ALL_CALLS, ERRORS, user, VipStatus } from '@smartlock/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesFor, OBJECT_PARAMS, paramsFor } from '../test/callParams';
import { loggedInClient, PASSWORD } from '../test/fixtures';
import { startTestServer, type TestClient, type TestServer } from '../test/harness';
import { buildWorld, type Cast, type World } from '../test/permissionWorld';
import { setVipStatus } from '../test/vip';
import { type Cell, parsePermissionTable, ROLES, type Role, rowsFor } from './permissionTable';

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
  'credential_sync_reports',
  'face_photos',
  'hotel_settings',
  'service_balances',
  'user_avatars',
  'orders',
  'payment_events',
  'vip_subscriptions',
  'message_templates',
  'webhook_endpoints',
  'webhook_deliveries',
  'stay_feeds',
  'stays',
  'stay_credentials',
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
  /**
   * The watched tables as the last refusal left them: proven unchanged by that refusal, they are
   * the next refusal's "before" too, until a call that may pass runs or the world is rebuilt.
   */
  let unchanged: string | undefined;
  it.each(cases)('$label', async ({ call, row }) => {
    if (!world) {
      unchanged = undefined;
      world = await buildWorld(cast);
    }
    for (const role of ROLES) {
      const cell = row.cells[role];
      const params = paramsFor(call, world, row.condition);
      const mayPass = allowed(cell, role, params);
      const before = mayPass ? '' : (unchanged ?? (await snapshot()));
      unchanged = undefined;
      const reply = call.upload
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
        unchanged = before;
      }
      if (OUTSIDERS.includes(role) && cell.verdict !== 'yes')
        expect(JSON.stringify(reply.body), what).not.toContain(world.mark);
      // A login again (after a call that ended the session) may write the account.
      if (accounts[role] && !clients[role].cookie) unchanged = undefined;
      await keepLoggedIn(role);
      if (mayPass && reply.body.errorCode === 0 && call.method === 'POST') {
        unchanged = undefined;
        world = await buildWorld(cast);
      }
    }
  });
});
