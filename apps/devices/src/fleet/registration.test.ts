import { describe, expect, it } from 'vitest';
import { FakeRegistrar, seededRandom } from '../testing/fakeRegistrar';
import { extendFleet } from './fleetPlan';
import { emptyFleetState, type FleetState, isRegistered } from './fleetState';
import { allowRemoteUnlock, registerFleet } from './registration';

function plannedFleet(seed: number): FleetState {
  const state = emptyFleetState();
  extendFleet(state, {
    gateways: 2,
    locksPerGateway: 3,
    kinds: ['door', 'hotel', 'parking'],
    random: seededRandom(seed),
  });
  return state;
}

function context(registrar: FakeRegistrar, seed = 7) {
  const saves: string[] = [];
  return {
    saves,
    value: { registrar, persist: () => saves.push('saved'), log: () => {}, random: seededRandom(seed) },
  };
}

describe('registering the fleet', () => {
  it('plans gateways G1 to G4 in turn with door, hotel and car-park locks', () => {
    const state = plannedFleet(1);
    expect(state.gateways.map((g) => [g.name, g.version])).toEqual([
      ['Gateway 1', 1],
      ['Gateway 2', 2],
    ]);
    expect(state.gateways[0]?.locks.map((l) => [l.name, l.lock.kind, l.allowRemoteUnlock])).toEqual([
      ['Door G1-1', 'door', true],
      ['Room G1-2', 'hotel', true],
      ['Parking G1-3', 'parking', false],
    ]);
    expect(state.gateways[0]?.locks[0]?.lockNumber).toMatch(/^S31_[0-9a-f]{6}$/);
  });

  it('registers locks, then the gateway, then its reach, saving after every step', async () => {
    const state = plannedFleet(2);
    const registrar = new FakeRegistrar();
    const { saves, value } = context(registrar);
    await registerFleet(state, value);
    expect(state.gateways.every(isRegistered)).toBe(true);
    const [first] = state.gateways;
    expect(registrar.calls.slice(0, 5)).toEqual([
      ...(first?.locks.map((l) => `initialize ${l.lock.mac}`) ?? []),
      `add ${first?.mac}`,
      `reach ${first?.gatewayId}`,
    ]);
    expect(saves.length).toBe(registrar.calls.length);
  });

  it('places the gateways in the given cities in turn, telling the cloud once', async () => {
    const state = plannedFleet(5);
    const registrar = new FakeRegistrar();
    await registerFleet(state, context(registrar).value);
    expect(registrar.cities.size).toBe(0);
    extendFleet(state, { gateways: 3, locksPerGateway: 1, kinds: ['door'], cities: [2643743, 5128581] });
    expect(state.gateways.map((g) => g.cityId)).toEqual([2643743, 5128581, 2643743]);
    await registerFleet(state, context(registrar).value);
    const ids = state.gateways.map((g) => g.gatewayId as number);
    expect(ids.map((id) => registrar.cities.get(id))).toEqual([2643743, 5128581, 2643743]);
    expect(registrar.calls.filter((call) => call.startsWith('city '))).toEqual([`city ${ids[0]}`, `city ${ids[1]}`]);
    const before = registrar.calls.length;
    await registerFleet(state, context(registrar).value);
    expect(registrar.calls.length).toBe(before);
  });

  it('keeps the secret /lock/initialize gives each lock in the lock’s snapshot', async () => {
    const state = plannedFleet(9);
    expect(state.gateways[0]?.locks[0]?.lock.secret).toBeUndefined();
    const registrar = new FakeRegistrar();
    await registerFleet(state, context(registrar).value);
    const locks = state.gateways.flatMap((g) => g.locks);
    expect(locks.map((l) => l.lock.secret)).toEqual(locks.map((l) => registrar.lockSecrets.get(l.lock.mac)));
    expect(new Set(locks.map((l) => l.lock.secret)).size).toBe(locks.length);
  });

  it('registers nothing again when the cloud knows the devices', async () => {
    const state = plannedFleet(3);
    const registrar = new FakeRegistrar();
    await registerFleet(state, context(registrar).value);
    const before = registrar.calls.length;
    await registerFleet(state, context(registrar).value);
    expect(registrar.calls.length).toBe(before);
  });

  it('takes fresh MACs when the state file is gone and the cloud says "already added"', async () => {
    const registrar = new FakeRegistrar();
    const lost = plannedFleet(4);
    await registerFleet(lost, context(registrar).value);
    const again = plannedFleet(4);
    expect(again.gateways[0]?.mac).toBe(lost.gateways[0]?.mac);
    await registerFleet(again, context(registrar, 99).value);
    expect(again.gateways.every(isRegistered)).toBe(true);
    const macs = (s: FleetState) => s.gateways.flatMap((g) => [g.mac, ...g.locks.map((l) => l.lock.mac)]);
    expect(macs(again).filter((mac) => macs(lost).includes(mac))).toEqual([]);
    expect(
      again.gateways[0]?.locks[0]?.lockNumber.endsWith(
        again.gateways[0]?.locks[0]?.lock.mac.replace(/:/g, '').slice(-6).toLowerCase() ?? '-',
      ),
    ).toBe(true);
  });

  it('registers a gateway again when the cloud no longer knows it', async () => {
    const state = plannedFleet(5);
    const registrar = new FakeRegistrar();
    await registerFleet(state, context(registrar).value);
    const forgotten = state.gateways[0];
    registrar.gateways.delete(forgotten?.mac ?? '');
    for (const lock of forgotten?.locks ?? []) registrar.locks.delete(lock.lock.mac);
    const oldId = forgotten?.gatewayId;
    await registerFleet(state, context(registrar).value);
    expect(state.gateways[0]?.gatewayId).not.toBe(oldId);
    expect(state.gateways.every(isRegistered)).toBe(true);
  });

  it('resumes a registration that was cut short', async () => {
    const state = plannedFleet(6);
    const registrar = new FakeRegistrar();
    const failing = Object.assign(Object.create(registrar) as FakeRegistrar, {
      addGateway: async () => {
        throw new Error('connection reset');
      },
    });
    await expect(registerFleet(state, context(failing).value)).rejects.toThrow('connection reset');
    const registeredLocks = state.gateways[0]?.locks.map((l) => l.lockId);
    expect(registeredLocks?.every((id) => id !== null)).toBe(true);
    await registerFleet(state, context(registrar).value);
    expect(state.gateways[0]?.locks.map((l) => l.lockId)).toEqual(registeredLocks);
    expect(state.gateways.every(isRegistered)).toBe(true);
  });

  it('asks once to turn remote unlock on for door and hotel locks', async () => {
    const state = plannedFleet(8);
    const registrar = new FakeRegistrar();
    await registerFleet(state, context(registrar).value);
    await allowRemoteUnlock(state, context(registrar).value);
    await allowRemoteUnlock(state, context(registrar).value);
    expect(registrar.calls.filter((c) => c.startsWith('remoteUnlock'))).toHaveLength(4);
  });
});
