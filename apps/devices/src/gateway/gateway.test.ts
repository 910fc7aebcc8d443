import { DEVICE_EVENTS, gatewayStatus, LockState } from '@smartlock/contract';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../clock';
import type { SimulatedLock } from '../lock/lock';
import { gatewaySuite } from '../testing/gatewaySuite';
import { freshGatewayId, testSecret } from '../testing/testBroker';
import type { Heard } from '../testing/testCloud';
import { testLock } from '../testing/testLocks';
import { POLL, WAIT_MS } from '../testing/waiting';
import { Gateway, type GatewayCommandReport, type GatewayOptions } from './gateway';

const suite = gatewaySuite();

async function onlineGateway(locks: SimulatedLock[], options: Partial<GatewayOptions> = {}) {
  const gatewayId = freshGatewayId();
  const gateway = new Gateway({
    gatewayId,
    secret: testSecret(gatewayId),
    mqttUrl: suite.env.url,
    locks: locks.map((lock) => ({ lock, rssi: -58 })),
    wifi: { networkName: 'TestNet', rssi: -50 },
    bluetoothLatencyMs: 10,
    ...options,
  });
  suite.running.push(gateway);
  const reports: GatewayCommandReport[] = [];
  gateway.on('command', (report) => reports.push(report));
  await gateway.start();
  expect(await gateway.whenOnline(WAIT_MS)).toBe(true);
  return { gateway, gatewayId, reports };
}

function reportOf(reports: GatewayCommandReport[], id: string, outcome: string) {
  return expect.poll(() => reports.find((r) => r.id === id && r.outcome === outcome), POLL).toBeDefined();
}

const statusOf = (gatewayId: number, online: boolean) => (h: Heard) =>
  h.gatewayId === gatewayId && h.message.kind === 'status' && h.message.online === online;

describe('a gateway on the device link', () => {
  it('runs a signed unlock: the bolt opens and a signed ok reply comes back', async () => {
    const lock = testLock();
    const { gatewayId, reports } = await onlineGateway([lock]);
    const command = await suite.cloud.send(gatewayId, {
      name: 'unlock',
      lockMac: lock.mac,
      params: { operator: 'owner@example.com' },
    });
    const reply = await suite.cloud.reply(gatewayId, command.id);
    expect(reply.signedByGateway).toBe(true);
    expect(reply.message).toMatchObject({ ok: true, result: { state: LockState.unlocked, battery: 80 } });
    expect(lock.state).toBe(LockState.unlocked);
    await reportOf(reports, command.id, 'ran');
  });

  it('refuses a command signed with another secret (badSignature) and leaves the lock alone', async () => {
    const lock = testLock();
    const { gatewayId } = await onlineGateway([lock]);
    const command = await suite.cloud.send(gatewayId, {
      name: 'unlock',
      lockMac: lock.mac,
      secret: 'not-the-gateway-secret',
    });
    const reply = await suite.cloud.reply(gatewayId, command.id);
    expect(reply.message).toMatchObject({ ok: false, error: 'badSignature' });
    expect(reply.signedByGateway).toBe(true);
    expect(lock.state).toBe(LockState.locked);
  });

  it('runs a command delivered twice only once', async () => {
    const lock = testLock();
    const { gatewayId, reports } = await onlineGateway([lock]);
    const command = await suite.cloud.send(gatewayId, { name: 'unlock', lockMac: lock.mac });
    await suite.cloud.reply(gatewayId, command.id);
    await suite.cloud.publish(gatewayId, command);
    await reportOf(reports, command.id, 'duplicate');
    expect(suite.cloud.of(gatewayId, 'reply').filter((h) => h.message.id === command.id)).toHaveLength(1);
    expect(lock.snapshot().log.nextRecordId).toBe(2);
  });

  it('refuses as expired a command whose deadline passed while it was offline; the bolt stays locked', async () => {
    const lock = testLock();
    // The gateway's clock (its deadlines) moves only when the test moves it.
    const clock = new ManualClock(Date.now());
    const { gateway, gatewayId, reports } = await onlineGateway([lock], { clock });
    gateway.goOffline();
    await suite.cloud.waitFor(statusOf(gatewayId, false));
    const command = await suite.cloud.send(gatewayId, { name: 'unlock', lockMac: lock.mac, deadlineIn: 150 });
    // Its deadline passes while the gateway is away.
    clock.set(command.deadline + 1);
    gateway.goOnline();
    const reply = await suite.cloud.reply(gatewayId, command.id);
    expect(reply.message).toMatchObject({ ok: false, error: 'expired' });
    expect(lock.state).toBe(LockState.locked);
    await reportOf(reports, command.id, 'expired');
  });

  it('runs commands for one lock one at a time: the later one waits, then operates', async () => {
    const lock = testLock();
    const { gatewayId } = await onlineGateway([lock], { bluetoothLatencyMs: 80 });
    const first = await suite.cloud.send(gatewayId, { name: 'queryState', lockMac: lock.mac });
    const second = await suite.cloud.send(gatewayId, { name: 'unlock', lockMac: lock.mac });
    await suite.cloud.reply(gatewayId, second.id);
    const story = (id: string) =>
      suite.cloud
        .of(gatewayId)
        .filter((h) => h.message.id === id)
        .map((h) => `${h.message.kind}:${h.message.stage ?? h.message.ok}`);
    expect(story(first.id)).toEqual(['reply:true']);
    expect(story(second.id)).toEqual(['progress:wait', 'progress:operating', 'reply:true']);
    expect(suite.cloud.of(gatewayId, 'progress').every((h) => h.signedByGateway)).toBe(true);
  });

  it('checks the deadline again after the wait and never runs a command late', async () => {
    const lock = testLock();
    const { gatewayId, reports } = await onlineGateway([lock], { bluetoothLatencyMs: 200 });
    await suite.cloud.send(gatewayId, { name: 'queryState', lockMac: lock.mac });
    const late = await suite.cloud.send(gatewayId, { name: 'unlock', lockMac: lock.mac, deadlineIn: 100 });
    const reply = await suite.cloud.reply(gatewayId, late.id);
    expect(reply.message).toMatchObject({ ok: false, error: 'expired' });
    expect(lock.state).toBe(LockState.locked);
    await reportOf(reports, late.id, 'expired');
  });

  it('answers remoteUnlockDisabled when the lock’s own remote-unlock switch is off', async () => {
    const lock = testLock({ remoteUnlock: false });
    const { gatewayId } = await onlineGateway([lock]);
    const command = await suite.cloud.send(gatewayId, { name: 'unlock', lockMac: lock.mac });
    expect((await suite.cloud.reply(gatewayId, command.id)).message).toMatchObject({
      ok: false,
      error: 'remoteUnlockDisabled',
    });
    const setSwitch = await suite.cloud.send(gatewayId, {
      name: 'setSwitch',
      lockMac: lock.mac,
      params: { name: 'remoteUnlock', value: 1 },
    });
    expect((await suite.cloud.reply(gatewayId, setSwitch.id)).message).toMatchObject({
      ok: true,
      result: { name: 'remoteUnlock', value: 1 },
    });
  });

  it('fixes a drifting lock clock with setClock', async () => {
    // The true time, as the lock's clock runs it: still while the test runs, so times compare exactly.
    const time = new ManualClock(Date.now());
    const lock = testLock({ clock: time });
    lock.setDrift(3_600_000);
    const { gatewayId } = await onlineGateway([lock]);
    const query = await suite.cloud.send(gatewayId, { name: 'queryClock', lockMac: lock.mac });
    const before = (await suite.cloud.reply(gatewayId, query.id)).message.result as { lockTime: number };
    expect(before.lockTime).toBe(time.now() + 3_600_000);
    const set = await suite.cloud.send(gatewayId, {
      name: 'setClock',
      lockMac: lock.mac,
      params: { time: time.now() },
    });
    const after = (await suite.cloud.reply(gatewayId, set.id)).message.result as { lockTime: number };
    expect(after.lockTime).toBe(time.now());
    expect(lock.clockDriftMs).toBe(0);
  });

  it('answers unknownLock, unsupported and malformed', async () => {
    const lock = testLock();
    const { gatewayId } = await onlineGateway([lock]);
    const cases = [
      [{ name: 'unlock', lockMac: '02:00:00:00:00:99' }, 'unknownLock'],
      [{ name: 'selfDestruct', lockMac: lock.mac }, 'unsupported'],
      [{ name: 'setClock', lockMac: lock.mac, params: { time: 'noon' } }, 'malformed'],
      [{ name: 'parkingLock', lockMac: lock.mac, params: { action: 'raising' } }, 'unsupported'],
    ] as const;
    for (const [input, error] of cases) {
      const command = await suite.cloud.send(gatewayId, input);
      expect((await suite.cloud.reply(gatewayId, command.id)).message).toMatchObject({ ok: false, error });
    }
  });

  it('stores, refuses a duplicate of and deletes a custom passcode, and passes on an eKey revocation', async () => {
    const lock = testLock();
    const { gatewayId } = await onlineGateway([lock]);
    const run = async (name: string, params: Record<string, unknown>) => {
      const command = await suite.cloud.send(gatewayId, { name, lockMac: lock.mac, params });
      return (await suite.cloud.reply(gatewayId, command.id)).message;
    };
    expect(await run('addPasscode', { passcodeId: 8, code: '246810' })).toMatchObject({
      ok: true,
      result: { passcodeId: 8 },
    });
    expect(await run('addPasscode', { passcodeId: 9, code: '246810' })).toMatchObject({
      ok: false,
      error: 'duplicatePasscode',
    });
    expect(await run('changePasscode', { passcodeId: 10, code: '1357' })).toMatchObject({
      ok: false,
      error: 'rejected',
    });
    expect(await run('deletePasscode', { passcodeId: 8, code: '246810' })).toMatchObject({ ok: true });
    expect(await run('revokeEKey', { keyId: 3, belowVersion: 4 })).toMatchObject({
      ok: true,
      result: { keyId: 3, belowVersion: 4 },
    });
    expect(lock.snapshot().eKeys?.revocations).toEqual([{ keyId: 3, belowVersion: 4 }]);
  });

  it('follows the lock faults: reject, outOfRange, timeout', async () => {
    const lock = testLock();
    const { gateway, gatewayId, reports } = await onlineGateway([lock]);
    gateway.setFault(lock.mac, 'reject');
    const rejected = await suite.cloud.send(gatewayId, { name: 'unlock', lockMac: lock.mac });
    expect((await suite.cloud.reply(gatewayId, rejected.id)).message).toMatchObject({ ok: false, error: 'rejected' });
    gateway.setFault(lock.mac, 'outOfRange');
    const away = await suite.cloud.send(gatewayId, { name: 'unlock', lockMac: lock.mac });
    expect((await suite.cloud.reply(gatewayId, away.id)).message).toMatchObject({ ok: false, error: 'lockOutOfRange' });
    gateway.setFault(lock.mac, 'timeout');
    const silent = await suite.cloud.send(gatewayId, { name: 'unlock', lockMac: lock.mac });
    await reportOf(reports, silent.id, 'timeout');
    // A later command to the same lock, answered: a reply to the silent one would have come before it.
    gateway.setFault(lock.mac, 'none');
    const later = await suite.cloud.send(gatewayId, { name: 'queryState', lockMac: lock.mac });
    expect((await suite.cloud.reply(gatewayId, later.id)).message).toMatchObject({
      ok: true,
      result: { state: LockState.locked },
    });
    expect(suite.cloud.of(gatewayId, 'reply').some((h) => h.message.id === silent.id)).toBe(false);
    expect(lock.state).toBe(LockState.locked);
  });

  it('leaves a signed offline last will when its connection drops, and is online again later', async () => {
    const lock = testLock();
    const { gateway, gatewayId } = await onlineGateway([lock]);
    const online = await suite.cloud.waitFor(statusOf(gatewayId, true));
    gateway.goOffline();
    const will = await suite.cloud.waitFor(statusOf(gatewayId, false));
    expect(will.signedByGateway).toBe(true);
    const parsedWill = gatewayStatus.parse(will.message);
    expect(parsedWill).toMatchObject({ online: false, networkName: 'TestNet', rssi: -50 });
    expect(parsedWill.at).toBeLessThan(gatewayStatus.parse(online.message).at);
    expect(gateway.isOnline).toBe(false);
    gateway.goOnline();
    const back = await suite.cloud.waitFor((h) => statusOf(gatewayId, true)(h) && h !== online);
    expect(gatewayStatus.parse(back.message).at).toBeGreaterThan(parsedWill.at);
  });

  it('reconnects by itself after an unexpected drop, announcing a newer online status', async () => {
    const lock = testLock();
    const { gateway, gatewayId } = await onlineGateway([lock]);
    const first = await suite.cloud.waitFor(statusOf(gatewayId, true));
    suite.env.broker.disconnect(gatewayId);
    await suite.cloud.waitFor(statusOf(gatewayId, false));
    const again = await suite.cloud.waitFor((h) => statusOf(gatewayId, true)(h) && h !== first);
    expect(gatewayStatus.parse(again.message).at).toBeGreaterThan(gatewayStatus.parse(first.message).at);
    expect(gateway.isOnline).toBe(true);
    const command = await suite.cloud.send(gatewayId, { name: 'queryState', lockMac: lock.mac });
    expect((await suite.cloud.reply(gatewayId, command.id)).message).toMatchObject({ ok: true });
  });

  it('tells the cloud which locks it reaches and their state on connecting, and when a lock changes on its own', async () => {
    const lock = testLock();
    const { gateway, gatewayId } = await onlineGateway([lock]);
    const reach = await suite.cloud.waitFor((h) => h.gatewayId === gatewayId && h.message.name === 'reach');
    expect(DEVICE_EVENTS.reach.parse(reach.message.data)).toEqual({ locks: [{ lockMac: lock.mac, rssi: -58 }] });
    const initial = await suite.cloud.waitFor((h) => h.gatewayId === gatewayId && h.message.name === 'state');
    expect(initial.message).toMatchObject({ lockMac: lock.mac, data: { state: lock.state } });
    lock.localUnlock({ method: 'fingerprint' });
    const state = await suite.cloud.waitFor(
      (h) =>
        h.gatewayId === gatewayId &&
        h.message.name === 'state' &&
        (h.message.data as { state?: number }).state === LockState.unlocked,
    );
    expect(state.message).toMatchObject({ lockMac: lock.mac, data: { state: LockState.unlocked, battery: 80 } });
    expect(state.signedByGateway).toBe(true);
    const another = testLock();
    gateway.reachLock(another, -70);
    const wider = await suite.cloud.waitFor(
      (h) => h.gatewayId === gatewayId && h.message.name === 'reach' && h !== reach,
    );
    expect(DEVICE_EVENTS.reach.parse(wider.message.data).locks).toEqual([
      { lockMac: lock.mac, rssi: -58 },
      { lockMac: another.mac, rssi: -70 },
    ]);
  });

  it('keeps records the cloud has not acknowledged and sends them again until it does', async () => {
    suite.cloud.acknowledgeRecords = false;
    try {
      const lock = testLock();
      const { gatewayId } = await onlineGateway([lock], { recordAckTimeoutMs: 150 });
      lock.localUnlock({ method: 'card' });
      const carrying = () =>
        suite.cloud
          .of(gatewayId, 'event')
          .filter((h) => h.message.name === 'records')
          .filter((h) => DEVICE_EVENTS.records.parse(h.message.data).records.some((r) => r.recordId === '1'));
      await expect.poll(() => carrying().length, POLL).toBeGreaterThanOrEqual(2);
      const holdsFirst = () => lock.unsentRecords(10).some((r) => r.recordId === '1');
      expect(holdsFirst()).toBe(true);
      const last = carrying().at(-1);
      await suite.cloud.acknowledge(gatewayId, String(last?.message.id));
      await expect.poll(holdsFirst, POLL).toBe(false);
    } finally {
      suite.cloud.acknowledgeRecords = true;
    }
  });

  it('uploads records as events with unique ids and forgets them once the cloud has stored them', async () => {
    const lock = testLock();
    const { gatewayId } = await onlineGateway([lock]);
    for (const method of ['passcode', 'card', 'button'] as const) lock.localUnlock({ method });
    await expect.poll(() => lock.unsentRecordCount, POLL).toBe(0);
    const recordEvents = () => suite.cloud.of(gatewayId, 'event').filter((h) => h.message.name === 'records');
    const uploaded = () =>
      recordEvents().flatMap((h) => DEVICE_EVENTS.records.parse(h.message.data).records.map((r) => r.recordId));
    await expect.poll(() => uploaded().sort(), POLL).toEqual(['1', '2', '3']);
    const events = recordEvents();
    expect(new Set(events.map((h) => h.message.id)).size).toBe(events.length);
  });
});
