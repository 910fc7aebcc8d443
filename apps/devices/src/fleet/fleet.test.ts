import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DEVICE_EVENTS,
  encodeOfflinePasscode,
  gatewayStatus,
  LockState,
  localHourOf,
  offlinePasscodeKey,
  PasscodeType,
  RemoteUnlockSwitch,
  startResidueOf,
} from '@smartlock/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../clock';
import { FakeRegistrar } from '../testing/fakeRegistrar';
import { startTestBroker, type TestBroker } from '../testing/testBroker';
import { TestCloud } from '../testing/testCloud';
import { POLL } from '../testing/waiting';
import { parseControlLine } from './control';
import { type Fleet, type FleetOptions, startFleet } from './fleet';
import type { FleetLine } from './fleetLines';
import { fleetStateSchema } from './fleetState';

let env: TestBroker;
let cloud: TestCloud;
const fleets: Fleet[] = [];

beforeAll(async () => {
  env = await startTestBroker();
  cloud = await TestCloud.connect(env.url);
});

afterEach(() => {
  for (const fleet of fleets.splice(0)) fleet.terminate();
});

afterAll(async () => {
  await cloud.close();
  await env.broker.close();
});

async function fleetOf(options: Partial<FleetOptions> & { registrar: FleetOptions['registrar'] }) {
  const lines: FleetLine[] = [];
  const fleet = await startFleet({
    mqttUrl: env.url,
    gateways: 1,
    locksPerGateway: 3,
    bluetoothLatencyMs: 5,
    report: (line) => lines.push(line),
    ...options,
  });
  fleets.push(fleet);
  return { fleet, lines };
}

const stateFileIn = () => join(mkdtempSync(join(tmpdir(), 'smartlock-devices-')), 'devices.json');
/** What the state file holds now (it is replaced whole, never seen half written), if it is there yet. */
const savedState = (file: string) =>
  existsSync(file) ? fleetStateSchema.parse(JSON.parse(readFileSync(file, 'utf8'))) : undefined;
const control = async (fleet: Fleet, line: string) => {
  const parsed = parseControlLine(line);
  if (!parsed.ok) throw new Error(parsed.error);
  return fleet.control(parsed.command);
};

describe('a fleet', () => {
  it('registers, connects, has remote unlock turned on, reports ready, and keeps it all in the state file', async () => {
    const stateFile = stateFileIn();
    const registrar = new FakeRegistrar(cloud);
    const { fleet, lines } = await fleetOf({ registrar, stateFile });
    const ready = lines.find((line) => line.event === 'ready');
    expect(ready).toMatchObject({
      event: 'ready',
      gateways: [{ locks: [{ kind: 'door' }, { kind: 'hotel' }, { kind: 'parking' }] }],
    });
    const [gateway] = fleet.layout();
    expect(lines).toContainEqual({ event: 'online', gatewayId: gateway?.gatewayId });
    expect(fleet.allLocks.map((lock) => lock.switchValue('remoteUnlock'))).toEqual([
      RemoteUnlockSwitch.on,
      RemoteUnlockSwitch.on,
      RemoteUnlockSwitch.off,
    ]);
    // Written shortly after the changes: once the file shows them.
    await expect
      .poll(() => {
        const saved = savedState(stateFile)?.gateways[0];
        return { gateway: saved, requested: saved?.locks.map((l) => l.remoteUnlockRequested) };
      }, POLL)
      .toMatchObject({
        gateway: { gatewayId: gateway?.gatewayId, reachReported: true },
        requested: [true, true, false],
      });

    await fleet.stop();
    const calls = registrar.calls.length;
    const { fleet: again } = await fleetOf({ registrar, stateFile });
    expect(registrar.calls.length).toBe(calls);
    expect(again.layout()).toEqual(fleet.layout());
  });

  it('follows control lines: faults, drift, local unlocks, offline and online, status', async () => {
    const { fleet, lines } = await fleetOf({ registrar: new FakeRegistrar(cloud) });
    const [gateway] = fleet.layout();
    const door = gateway?.locks[0]?.mac ?? '';
    expect(await control(fleet, JSON.stringify({ do: 'fault', lock: door.toLowerCase(), fault: 'reject' }))).toEqual({
      event: 'ack',
      do: 'fault',
      ok: true,
    });
    await control(fleet, JSON.stringify({ do: 'drift', lock: door, ms: 120_000 }));
    expect(lines).toContainEqual({ event: 'clock', lockMac: door, driftMs: 120_000 });
    await control(fleet, JSON.stringify({ do: 'localUnlock', lock: door, method: 'card', username: 'guest' }));
    expect(lines).toContainEqual({ event: 'bolt', lockMac: door, state: LockState.unlocked });
    const status = await control(fleet, '{"do":"status"}');
    expect(status.event === 'status' && status.gateways[0]?.online).toBe(true);
    expect(status.event === 'status' && status.gateways[0]?.locks[0]).toMatchObject({
      mac: door,
      fault: 'reject',
      driftMs: 120_000,
      state: LockState.unlocked,
    });
    await control(fleet, JSON.stringify({ do: 'offline', gateway: gateway?.gatewayId }));
    await expect.poll(() => lines.some((l) => l.event === 'offline'), POLL).toBe(true);
    await control(fleet, JSON.stringify({ do: 'online', gateway: gateway?.gatewayId }));
    await expect.poll(() => lines.filter((l) => l.event === 'online').length, POLL).toBe(2);
    expect(await control(fleet, '{"do":"fault","lock":"02:00:00:00:00:01","fault":"none"}')).toMatchObject({
      ok: false,
    });
    expect(parseControlLine('{"do":"explode"}').ok).toBe(false);
  });

  it('keeps each lock’s secret from its registration and checks keypad codes with it', async () => {
    const registrar = new FakeRegistrar(cloud);
    const { fleet, lines } = await fleetOf({ registrar, locksPerGateway: 1, kinds: ['door'] });
    const door = fleet.layout()[0]?.locks[0]?.mac ?? '';
    const secret = registrar.lockSecrets.get(door) ?? '';
    expect(secret).not.toBe('');
    expect(fleet.lock(door)?.lock.hasSecret).toBe(true);
    const code = await encodeOfflinePasscode(await offlinePasscodeKey(secret), {
      type: PasscodeType.permanent,
      startResidue: startResidueOf(localHourOf(Date.now(), 0)),
      serial: 0,
    });
    const typed = [
      control(fleet, JSON.stringify({ do: 'keypad', lock: door, code: '000000' })),
      control(fleet, JSON.stringify({ do: 'keypad', lock: door, code })),
    ];
    expect(await Promise.all(typed)).toEqual([
      { event: 'ack', do: 'keypad', ok: false, error: 'wrongCode' },
      { event: 'ack', do: 'keypad', ok: true },
    ]);
    expect(lines.filter((l) => l.event === 'ack')).toEqual([
      { event: 'ack', do: 'keypad', ok: false, error: 'wrongCode' },
      { event: 'ack', do: 'keypad', ok: true },
    ]);
    expect(lines).toContainEqual({ event: 'bolt', lockMac: door, state: LockState.unlocked });
  });

  it('loses no record across a sudden death: the state file carries them to the next run', async () => {
    const stateFile = stateFileIn();
    const registrar = new FakeRegistrar(cloud);
    const { fleet } = await fleetOf({ registrar, stateFile, locksPerGateway: 1, kinds: ['door'] });
    const [gateway] = fleet.layout();
    const gatewayId = gateway?.gatewayId ?? 0;
    const door = gateway?.locks[0]?.mac ?? '';
    await control(fleet, JSON.stringify({ do: 'offline', gateway: gatewayId }));
    await cloud.waitFor((h) => h.gatewayId === gatewayId && h.message.kind === 'status' && !h.message.online);
    for (const method of ['passcode', 'fingerprint', 'mechanicalKey']) {
      await control(fleet, JSON.stringify({ do: 'localUnlock', lock: door, method }));
    }
    // Dies once the state file holds the three records (written shortly after they were logged).
    await expect
      .poll(() => savedState(stateFile)?.gateways[0]?.locks[0]?.lock.log.unsent.map((r) => r.recordId), POLL)
      .toEqual(['1', '2', '3']);
    fleet.terminate();

    const { fleet: revived } = await fleetOf({ registrar, stateFile });
    await expect.poll(() => revived.lock(door)?.lock.unsentRecordCount, POLL).toBe(0);
    const events = cloud.of(gatewayId, 'event').filter((h) => h.message.name === 'records');
    const recordIds = events.flatMap((h) => DEVICE_EVENTS.records.parse(h.message.data).records.map((r) => r.recordId));
    expect(new Set(recordIds)).toEqual(new Set(['1', '2', '3']));
    expect(new Set(events.map((h) => h.message.id)).size).toBe(events.length);
    expect(events.every((h) => h.signedByGateway)).toBe(true);
  });

  it('goes quiet on request: the doors stop, the gateways stay, and the unsent count falls to zero as the cloud acknowledges', async () => {
    // The fleet's time (the trickle, the locks) moves only when the test moves it: a second at a
    // time is some hundred of the trickle's pauses, and less than any lock's auto-lock delay.
    const clock = new ManualClock(Date.now());
    const { fleet } = await fleetOf({ registrar: new FakeRegistrar(cloud), trickleSeconds: 0.01, clock });
    const written = () =>
      fleet
        .layout()
        .reduce(
          (n, g) => n + g.locks.reduce((m, l) => m + (fleet.lock(l.mac)?.lock.snapshot().log.nextRecordId ?? 1) - 1, 0),
          0,
        );
    clock.advance(1_000);
    expect(written()).toBeGreaterThan(3);
    fleet.quiet();
    await expect.poll(() => fleet.unsentRecordCount(), POLL).toBe(0);
    const after = written();
    clock.advance(1_000);
    expect(written()).toBe(after);
    expect(fleet.status()[0]?.online).toBe(true);
  });

  it('signs off with a signed offline status when stopped', async () => {
    const { fleet } = await fleetOf({ registrar: new FakeRegistrar(cloud), locksPerGateway: 1 });
    const gatewayId = fleet.layout()[0]?.gatewayId;
    await fleet.stop();
    const offline = await cloud.waitFor(
      (h) => h.gatewayId === gatewayId && h.message.kind === 'status' && h.message.online === false,
    );
    expect(offline.signedByGateway).toBe(true);
    expect(gatewayStatus.parse(offline.message).online).toBe(false);
  });
});
