import { lock, user } from '@smartlock/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gateways } from '../../db/schema';
import { addGateway, addLock } from '../../test/devices';
import { loggedInClient } from '../../test/fixtures';
import { startTestServer, type TestClient, type TestServer } from '../../test/harness';

let server: TestServer;
let owner: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  ({ client: owner } = await loggedInClient(server, 'has-gateway-owner@example.com'));
}, 60_000);
afterAll(async () => server?.close());

interface Flags {
  lockId: number;
  hasGateway: number;
  hasOnlineGateway: number;
  signalGrade: number;
}

async function flags() {
  const info = (await owner.call(user.getInfo)).body.data;
  const listed = (await owner.call(lock.list, {})).body.data?.list ?? [];
  const remote = (await owner.call(lock.listForRemoteOperation, {})).body.data?.list ?? [];
  const pick = ({ lockId, hasGateway, hasOnlineGateway, signalGrade }: Flags) => ({
    lockId,
    hasGateway,
    hasOnlineGateway,
    signalGrade,
  });
  return {
    account: { hasGateway: info?.hasGateway, hasOnlineGateway: info?.hasOnlineGateway },
    listed: listed.map(pick).sort((a, b) => a.lockId - b.lockId),
    remote: remote.map(pick),
  };
}

describe('hasGateway (online or offline) and hasOnlineGateway', () => {
  it('reports a gateway that is offline as a gateway, and only an online one as online', async () => {
    const loose = await addLock(owner, 'A no gateway');
    const bound = await addLock(owner, 'B behind the gateway');
    expect(await flags()).toEqual({
      account: { hasGateway: 0, hasOnlineGateway: 0 },
      listed: [
        { lockId: loose, hasGateway: 0, hasOnlineGateway: 0, signalGrade: 0 },
        { lockId: bound, hasGateway: 0, hasOnlineGateway: 0, signalGrade: 0 },
      ],
      remote: [],
    });

    // Added and bound to the lock, never connected: offline.
    const { gatewayId } = await addGateway(owner, 'Lobby', [bound]);
    expect(await flags()).toEqual({
      account: { hasGateway: 1, hasOnlineGateway: 0 },
      listed: [
        { lockId: loose, hasGateway: 0, hasOnlineGateway: 0, signalGrade: 0 },
        { lockId: bound, hasGateway: 1, hasOnlineGateway: 0, signalGrade: 0 },
      ],
      remote: [{ lockId: bound, hasGateway: 1, hasOnlineGateway: 0, signalGrade: 0 }],
    });
    const detail = await owner.call(lock.detail, { lockId: bound });
    expect(detail.body.data).toMatchObject({ hasGateway: 1, hasOnlineGateway: 0 });

    // The gateway comes online.
    await server.app.services.database.db.update(gateways).set({ online: 1 }).where(eq(gateways.id, gatewayId));
    const online = await flags();
    expect(online.account).toEqual({ hasGateway: 1, hasOnlineGateway: 1 });
    expect(online.listed[1]).toMatchObject({ lockId: bound, hasGateway: 1, hasOnlineGateway: 1 });
    expect(online.listed[1]?.signalGrade).toBeGreaterThan(0);
    expect(online.remote).toEqual([expect.objectContaining({ lockId: bound, hasGateway: 1, hasOnlineGateway: 1 })]);
  });
});
