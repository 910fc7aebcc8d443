import { DEVICE_COMMANDS, DEVICE_EVENTS, LockRecordType } from '@smartlock/contract';
import { describe, expect, it } from 'vitest';
import type { SimulatedLock } from '../lock/lock';
import { gatewaySuite } from '../testing/gatewaySuite';
import { freshGatewayId, testSecret } from '../testing/testBroker';
import { testLock } from '../testing/testLocks';
import { POLL, WAIT_MS } from '../testing/waiting';
import { Gateway } from './gateway';

const suite = gatewaySuite();

async function onlineGateway(lock: SimulatedLock): Promise<number> {
  const gatewayId = freshGatewayId();
  const gateway = new Gateway({
    gatewayId,
    secret: testSecret(gatewayId),
    mqttUrl: suite.env.url,
    locks: [{ lock, rssi: -60 }],
    wifi: { networkName: 'TestNet', rssi: -50 },
    bluetoothLatencyMs: 5,
  });
  suite.running.push(gateway);
  await gateway.start();
  expect(await gateway.whenOnline(WAIT_MS)).toBe(true);
  return gatewayId;
}

/** Sends a command to the lock and answers its reply's `{ok, result | error}`. */
async function ask(gatewayId: number, lock: SimulatedLock, name: string, params: Record<string, unknown>) {
  const command = await suite.cloud.send(gatewayId, { name, lockMac: lock.mac, params });
  const { message } = await suite.cloud.reply(gatewayId, command.id);
  return message.ok ? { ok: true, result: message.result } : { ok: false, error: message.error };
}

describe('credential commands through a gateway', () => {
  it('add (a palm vein enrolled by the lock), change, delete and clear stored credentials', async () => {
    const lock = testLock();
    const gatewayId = await onlineGateway(lock);
    const now = Date.now();

    const card = await ask(gatewayId, lock, 'addCredential', {
      kind: 'card',
      credentialId: 41,
      value: '0012345678',
      startDate: now - 1_000,
      endDate: now + 3_600_000,
    });
    expect(card).toEqual({ ok: true, result: { credentialId: 41, value: '0012345678' } });
    expect(DEVICE_COMMANDS.addCredential.result.safeParse(card.result).success).toBe(true);
    expect(lock.localUnlock({ method: 'card', credential: '0012345678' }).ok).toBe(true);

    const palm = await ask(gatewayId, lock, 'addCredential', { kind: 'palmVein', credentialId: 42 });
    expect(palm).toMatchObject({
      ok: true,
      result: { credentialId: 42, value: expect.stringMatching(/^PALM\d{10}$/) },
    });

    const allDay = { weekDays: [1, 2, 3, 4, 5, 6, 7], startMinute: 0, endMinute: 1440 };
    expect(
      await ask(gatewayId, lock, 'addCredential', { kind: 'fingerprint', credentialId: 43, value: 'sha256:ab12' }),
    ).toMatchObject({ ok: true });
    expect(
      await ask(gatewayId, lock, 'changeCredential', { kind: 'fingerprint', credentialId: 43, cycle: allDay }),
    ).toEqual({ ok: true, result: { credentialId: 43 } });
    expect(lock.credentials.byCredentialId('fingerprint', 43)?.cycle).toEqual(allDay);
    expect(await ask(gatewayId, lock, 'changeCredential', { kind: 'fingerprint', credentialId: 44 })).toEqual({
      ok: false,
      error: 'rejected',
    });
    expect(
      await ask(gatewayId, lock, 'addCredential', { kind: 'card', credentialId: 45, value: '0012345678' }),
    ).toEqual({ ok: false, error: 'rejected' });

    expect(await ask(gatewayId, lock, 'deleteCredential', { kind: 'card', credentialId: 41 })).toEqual({
      ok: true,
      result: { credentialId: 41 },
    });
    expect(await ask(gatewayId, lock, 'deleteCredential', { kind: 'card', credentialId: 41 })).toEqual({
      ok: true,
      result: { credentialId: 41 },
    });
    expect(lock.localUnlock({ method: 'card', credential: '0012345678' }).ok).toBe(false);
    expect(await ask(gatewayId, lock, 'clearCredentials', { kind: 'fingerprint' })).toEqual({
      ok: true,
      result: { count: 2 },
    });
    expect(await ask(gatewayId, lock, 'clearCredentials', { kind: 'passcode' })).toEqual({
      ok: false,
      error: 'malformed',
    });

    const uploaded = () =>
      suite.cloud
        .of(gatewayId, 'event')
        .filter((h) => h.message.name === 'records')
        .flatMap((h) => DEVICE_EVENTS.records.parse(h.message.data).records.map((r) => r.recordType));
    await expect
      .poll(uploaded, POLL)
      .toEqual(
        expect.arrayContaining([
          LockRecordType.cardAdded,
          LockRecordType.cardUnlock,
          LockRecordType.fingerprintAdded,
          LockRecordType.cardDeleted,
          LockRecordType.unknownCard,
          LockRecordType.fingerprintsCleared,
        ]),
      );
  });

  it('answers unsupported for a kind the lock has no reader for', async () => {
    const lock = testLock({ kind: 'hotel' });
    const gatewayId = await onlineGateway(lock);
    expect(await ask(gatewayId, lock, 'addCredential', { kind: 'palmVein', credentialId: 1 })).toEqual({
      ok: false,
      error: 'unsupported',
    });
  });
});
