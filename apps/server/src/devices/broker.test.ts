import { gatewayTopics, gatewayUsername } from '@smartlock/contract';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../test/until';
import { CLOUD_USERNAME, type EmbeddedBroker, startEmbeddedBroker } from './broker';
import { BrokerAccess } from './brokerAccess';

const SECRETS = new Map([
  [1, 'secret-of-gateway-one-0123456789'],
  [2, 'secret-of-gateway-two-0123456789'],
]);
const CLOUD_SECRET = 'cloud-secret-0123456789abcdef';

let broker: EmbeddedBroker;
const clients: MqttClient[] = [];

beforeAll(async () => {
  broker = await startEmbeddedBroker({
    port: 0,
    host: '127.0.0.1',
    access: new BrokerAccess({ verify: async (id, secret) => SECRETS.get(id) === secret }, CLOUD_SECRET),
  });
});
afterAll(async () => {
  for (const client of clients) client.end(true);
  await broker.close();
});

function connect(username: string, password: string, clientId = username): Promise<MqttClient> {
  return new Promise((resolve, reject) => {
    const client = mqtt.connect(`mqtt://127.0.0.1:${broker.port}`, {
      username,
      password,
      clientId,
      reconnectPeriod: 0,
      connectTimeout: 3000,
    });
    clients.push(client);
    client.once('connect', () => resolve(client));
    client.once('error', (error) => reject(error));
  });
}

const gateway = (id: number) => connect(gatewayUsername(id), SECRETS.get(id) as string);
const cloud = () => connect(CLOUD_USERNAME, CLOUD_SECRET, `cloud-${Math.random()}`);

function grantedQos(client: MqttClient, topic: string): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    client.subscribe(topic, { qos: 1 }, (error, granted) => {
      // A refused subscription (granted QoS 128) comes back as an error carrying the SUBACK.
      const suback = (error as { packet?: { granted?: number[] } } | null)?.packet?.granted;
      if (suback) return resolve(suback[0]);
      return error ? reject(error) : resolve(granted?.[0]?.qos);
    });
  });
}

interface Message {
  topic: string;
  payload: string;
}

/** What a client receives from now on, in order of arrival. */
function inbox(client: MqttClient): Message[] {
  const messages: Message[] = [];
  client.on('message', (topic, payload) => messages.push({ topic, payload: payload.toString() }));
  return messages;
}

/** Publishes with QoS 1; resolves once the broker has dealt with it: acknowledged it, or ended the connection over it. */
function publishHandled(client: MqttClient, topic: string, payload: string): Promise<void> {
  return new Promise((resolve) => {
    client.once('close', () => resolve());
    client.publish(topic, payload, { qos: 1 }, () => resolve());
  });
}

describe('embedded device broker', () => {
  it('lets a gateway in with its own secret only', async () => {
    await expect(gateway(1)).resolves.toBeDefined();
    await expect(connect(gatewayUsername(1), 'wrong-secret')).rejects.toThrow();
    await expect(connect(gatewayUsername(1), SECRETS.get(2) as string)).rejects.toThrow();
  });

  it('does not let a MAC address or an unknown name pose as a gateway', async () => {
    await expect(connect('AA:BB:CC:DD:EE:01', 'anything')).rejects.toThrow();
    await expect(connect(gatewayUsername(3), 'anything')).rejects.toThrow();
  });

  it("does not let a gateway take over another gateway's session by client id", async () => {
    await expect(connect(gatewayUsername(1), SECRETS.get(1) as string, gatewayUsername(2))).rejects.toThrow();
  });

  it("refuses a gateway's subscription to another gateway's commands, the live channel, or everything", async () => {
    const one = await gateway(1);
    expect(await grantedQos(one, gatewayTopics(1).commands)).toBe(1);
    expect(await grantedQos(one, gatewayTopics(2).commands)).toBe(128);
    expect(await grantedQos(one, 'gw/#')).toBe(128);
    expect(await grantedQos(one, gatewayTopics(2).events)).toBe(128);
    expect(await grantedQos(one, 'cloud/live/+')).toBe(128);
    expect(await grantedQos(one, '#')).toBe(128);
  });

  it('delivers commands only to the gateway they are for', async () => {
    const one = await gateway(1);
    const two = await gateway(2);
    await grantedQos(one, gatewayTopics(1).commands);
    await grantedQos(one, gatewayTopics(2).commands);
    await grantedQos(two, gatewayTopics(2).commands);
    const seenByOne = inbox(one);
    const seenByTwo = inbox(two);
    const sender = await cloud();
    const unlock = JSON.stringify({ name: 'unlock' });
    sender.publish(gatewayTopics(2).commands, unlock, { qos: 1 });
    // Then a message to each gateway: the broker handles a client's messages in order, so once
    // these are in, anything the unlock led to is in too.
    sender.publish(gatewayTopics(1).commands, 'later', { qos: 1 });
    sender.publish(gatewayTopics(2).commands, 'later', { qos: 1 });
    await until(() => [seenByOne, seenByTwo].every((seen) => seen.some((m) => m.payload === 'later')));
    expect(seenByTwo).toEqual([
      { topic: gatewayTopics(2).commands, payload: unlock },
      { topic: gatewayTopics(2).commands, payload: 'later' },
    ]);
    expect(seenByOne).toEqual([{ topic: gatewayTopics(1).commands, payload: 'later' }]);
  });

  it('does not let a gateway publish as another gateway or command one', async () => {
    const listener = await cloud();
    await grantedQos(listener, 'gw/#');
    const heard = inbox(listener);
    const one = await gateway(1);
    one.publish(gatewayTopics(1).events, '{"ok":true}', { qos: 1 });
    // Heard before the same gateway logs in again (which takes the session over).
    await until(() => heard.length > 0);
    const rogue = await gateway(1);
    await Promise.all([
      publishHandled(rogue, gatewayTopics(2).events, '{"forged":true}'),
      publishHandled(rogue, gatewayTopics(2).commands, '{"name":"unlock"}'),
    ]);
    // Then the gateway's own event again: once it is heard, the forgeries would have been too.
    const again = await gateway(1);
    again.publish(gatewayTopics(1).events, '{"later":true}', { qos: 1 });
    await until(() => heard.some((m) => m.payload === '{"later":true}'));
    expect(heard).toEqual([
      { topic: gatewayTopics(1).events, payload: '{"ok":true}' },
      { topic: gatewayTopics(1).events, payload: '{"later":true}' },
    ]);
  });

  it('refuses the cloud name without the cloud secret', async () => {
    await expect(connect(CLOUD_USERNAME, 'guess', 'cloud-x')).rejects.toThrow();
  });
});
