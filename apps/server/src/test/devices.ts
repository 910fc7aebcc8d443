import { featureValueOf, gateway, type LockFeatureName, lock } from '@smartlock/contract';
import mqtt from 'mqtt';
import { expect } from 'vitest';
import type { TestClient } from './harness';
import { dataOf } from './reply';

let serial = 0;

/** A MAC no other test uses. */
export function freshMac(prefix = 'AA:BB'): string {
  serial += 1;
  const n = (Date.now() % 0xffff) * 256 + (serial % 256);
  const hex = n.toString(16).padStart(8, '0').toUpperCase();
  return `${prefix}:${hex.slice(0, 2)}:${hex.slice(2, 4)}:${hex.slice(4, 6)}:${hex.slice(6, 8)}`;
}

/** Initializes a lock through the API, as the app does after pairing. */
export async function addLock(
  client: TestClient,
  name: string,
  features: LockFeatureName[] = ['passcode', 'remoteUnlock'],
) {
  const reply = await client.call(lock.initialize, {
    lockMac: freshMac(),
    lockNumber: `S31_${serial}`,
    lockName: name,
    firmware: '6.1.22',
    featureValue: featureValueOf(features),
    passcodeVersion: 4,
  });
  expect(reply.body.errorCode, JSON.stringify(reply.body)).toBe(0);
  return dataOf(reply).lockId;
}

/** Adds a gateway through the API and returns its issued credentials. */
export async function addGateway(client: TestClient, name: string, lockIds: number[] = []) {
  const reply = await client.call(gateway.add, {
    gatewayMac: freshMac('AC:DE'),
    gatewayName: name,
    gatewayVersion: 2,
    networkName: 'Office-WiFi',
  });
  expect(reply.body.errorCode, JSON.stringify(reply.body)).toBe(0);
  const issued = dataOf(reply);
  if (lockIds.length > 0) {
    const reach = await client.call(gateway.updateLockReach, {
      gatewayId: issued.gatewayId,
      locks: JSON.stringify(lockIds.map((lockId) => ({ lockId, rssi: -60 }))),
    });
    expect(reach.body.errorCode, JSON.stringify(reach.body)).toBe(0);
  }
  return issued;
}

/** Whether the broker lets a gateway log in with these credentials (its user name as client id). */
export function brokerAccepts(port: number | undefined, username: string, password: string): Promise<boolean> {
  return new Promise((resolve) => {
    const client = mqtt.connect(`mqtt://127.0.0.1:${port}`, {
      username,
      password,
      clientId: username,
      reconnectPeriod: 0,
    });
    client.once('connect', () => {
      client.end(true);
      resolve(true);
    });
    client.once('error', () => {
      client.end(true);
      resolve(false);
    });
  });
}
