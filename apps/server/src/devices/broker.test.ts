import { gatewayTopics, gatewayUsername } from '@smartlock/contract';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

function received(client: MqttClient, ms = 400): Promise<string[]> {
  const topics: string[] = [];
  client.on('message', (topic) => topics.push(topic));
  return new Promise((resolve) => setTimeout(() => resolve(topics), ms));
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
    const seenByOne = received(one);
    const seenByTwo = received(two);
    const sender = await cloud();
    sender.publish(gatewayTopics(2).commands, JSON.stringify({ name: 'unlock' }), { qos: 1 });
    expect(await seenByTwo).toEqual([gatewayTopics(2).commands]);
    expect(await seenByOne).toEqual([]);
  });

  it('does not let a gateway publish as another gateway or command one', async () => {
    const listener = await cloud();
    await grantedQos(listener, 'gw/#');
    const heard = received(listener, 600);
    const one = await gateway(1);
    one.publish(gatewayTopics(1).events, '{"ok":true}', { qos: 1 });
    await new Promise((r) => setTimeout(r, 100));
    const rogue = await gateway(1);
    rogue.publish(gatewayTopics(2).events, '{"forged":true}', { qos: 1 });
    rogue.publish(gatewayTopics(2).commands, '{"name":"unlock"}', { qos: 1 });
    expect(await heard).toEqual([gatewayTopics(1).events]);
  });

  it('refuses the cloud name without the cloud secret', async () => {
    await expect(connect(CLOUD_USERNAME, 'guess', 'cloud-x')).rejects.toThrow();
  });
});
