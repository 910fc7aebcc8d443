import { HOUR_MS, lockUser, PasscodeType, passcode, ValidityType, VipStatus } from '@smartlock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addLock } from '../../test/devices';
import { loggedInClient } from '../../test/fixtures';
import { dataOf, type Reply, startTestServer, type TestClient, type TestServer } from '../../test/harness';
import { setVipStatus } from '../../test/vip';

const DAY = 24 * HOUR_MS;
const GUEST = 'Validity Guest';

let server: TestServer;
let owner: TestClient;
let lockId: number;
/** The guest's passcodes by the ValidityType the lock-user views must give them. */
const expected = new Map<number, number>();

async function ok<T>(reply: Promise<Reply<T>>): Promise<T> {
  const answered = await reply;
  expect(answered.body.errorCode, JSON.stringify(answered.body)).toBe(0);
  return dataOf(answered);
}

const thisHour = () => Math.floor(Date.now() / HOUR_MS) * HOUR_MS;

beforeAll(async () => {
  server = await startTestServer();
  const login = await loggedInClient(server, 'lock-user-validity@example.com');
  owner = login.client;
  await setVipStatus(server.app.services.database.db, login.uid, VipStatus.trial);
  lockId = await addLock(owner, 'Guest room');
  const issue = async (params: Record<string, number>, validityType: number) => {
    const code = await ok(owner.callRaw(passcode.get, { lockId, keyboardPwdName: GUEST, ...params }));
    expected.set(code.keyboardPwdId, validityType);
  };
  await issue({ keyboardPwdType: PasscodeType.permanent }, ValidityType.permanent);
  await issue(
    { keyboardPwdType: PasscodeType.limited, startDate: thisHour(), endDate: thisHour() + 2 * DAY },
    ValidityType.limited,
  );
  await issue({ keyboardPwdType: PasscodeType.once }, ValidityType.once);
  await issue(
    { keyboardPwdType: PasscodeType.cyclic, cycleType: 7, cycleStartHour: 8, cycleEndHour: 18 },
    ValidityType.cyclic,
  );
}, 60_000);
afterAll(async () => server?.close());

interface Row {
  kind: string;
  credentialId: number;
  validityType: number;
}

const validityOf = (rows: Row[]) =>
  new Map(rows.filter((row) => row.kind === 'passcode').map((row) => [row.credentialId, row.validityType]));

describe('a passcode’s validity in the lock-user views', () => {
  it('is the ValidityType eKeys and cards use (permanent 1, limited 2, once 3, cyclic 4), not its passcode type', async () => {
    const grouped = await ok(owner.call(lockUser.listKeyGroup, { lockUser: GUEST }));
    expect(validityOf(grouped.list.flatMap((entry) => entry.credentials))).toEqual(expected);

    const exported = await ok(owner.call(lockUser.exportUser, { lockIds: `${lockId}` }));
    expect(validityOf(exported.list)).toEqual(expected);

    // The period and the one-time codes end within three days.
    const now = Date.now();
    const ending = await ok(owner.call(lockUser.listExpireUser, { startDate: now, endDate: now + 3 * DAY }));
    expect([...validityOf(ending.list).values()].sort()).toEqual([ValidityType.limited, ValidityType.once]);
  });
});
