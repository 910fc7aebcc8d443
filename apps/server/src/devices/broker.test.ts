import { randomUUID } from 'node:crypto';
import { type Socket, connect as tcpConnect } from 'node:net';
import {
  DEVICE_EVENTS,
  DEVICE_PROTOCOL_VERSION,
  type Event,
  gatewayTopics,
  gatewayUsername,
  MAX_DEVICE_PACKET_BYTES,
  signMessage,
} from '@smartlock/contract';
import mqtt, { type MqttClient } from 'mqtt';
import { generate, parser as mqttParser } from 'mqtt-packet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../test/until';
import { BROKER_LIMITS, type BrokerLimits, CLOUD_USERNAME, type EmbeddedBroker, startEmbeddedBroker } from './broker';
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

// ---------------------------------------------------------------------------------------------
// Limits: what an anonymous connection may cost the process (docs/devices.md, The broker's limits).

interface Warning {
  message: string;
  details: Record<string, unknown>;
}

/** A broker of its own, with the warnings it logs. */
async function limitedBroker(limits: Partial<BrokerLimits> = {}) {
  const warnings: Warning[] = [];
  const started = await startEmbeddedBroker({
    port: 0,
    host: '127.0.0.1',
    access: new BrokerAccess({ verify: async (id, secret) => SECRETS.get(id) === secret }, CLOUD_SECRET),
    limits,
    log: { warn: (details, message) => warnings.push({ message, details }) },
  });
  limitedBrokers.push(started);
  return { broker: started, warnings };
}
const limitedBrokers: EmbeddedBroker[] = [];
const rawSockets: Socket[] = [];
afterAll(async () => {
  for (const socket of rawSockets) socket.destroy();
  await Promise.all(limitedBrokers.map((b) => b.close()));
});

/** A bare TCP connection to the broker, open. */
function rawSocket(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = tcpConnect(port, '127.0.0.1', () => resolve(socket));
    socket.setNoDelay(true);
    socket.on('error', () => {});
    socket.once('close', () => reject(new Error('closed before it opened')));
    rawSockets.push(socket);
  });
}

/** Resolves when the connection is closed; `withinMs` only bounds how long a failing run waits. */
function closedWithin(stream: Socket | MqttClient, withinMs: number): Promise<void> {
  if ('destroyed' in stream && stream.destroyed) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`still open after ${withinMs} ms`)), withinMs);
    stream.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** A fixed header announcing `length` bytes of a packet of `type`. */
function fixedHeader(type: number, length: number): Buffer {
  const bytes = [type << 4];
  let left = length;
  do {
    const byte = left % 128;
    left = Math.floor(left / 128);
    bytes.push(left > 0 ? byte | 0x80 : byte);
  } while (left > 0);
  return Buffer.from(bytes);
}

/** Counts the bytes every MQTT parser of this process is given: what the broker buffers. */
function parsedBytes() {
  const prototype = Object.getPrototypeOf(mqttParser()) as { parse(buffer: Buffer): number };
  const parse = prototype.parse;
  const counter = { bytes: 0, restore: () => (prototype.parse = parse) };
  prototype.parse = function (this: unknown, buffer: Buffer) {
    counter.bytes += buffer.length;
    return parse.call(this, buffer);
  };
  return counter;
}

/** The largest `records` event the contract admits: 200 entries, every field at its longest, in escaped characters. */
async function largestRecordsEvent(gatewayId: number): Promise<string> {
  const longest = (n: number) => '\u0001'.repeat(n);
  const data = {
    records: Array.from({ length: 200 }, (_, i) => ({
      recordId: `${i}`.padEnd(64, '\u0001'),
      recordType: 53,
      success: 1 as const,
      lockTime: -Number.MAX_VALUE,
      username: longest(100),
      credential: longest(100),
      battery: 100,
    })),
  };
  DEVICE_EVENTS.records.parse(data);
  const event: Event = {
    v: DEVICE_PROTOCOL_VERSION,
    kind: 'event',
    id: randomUUID(),
    name: 'records',
    lockMac: 'AA:BB:CC:DD:EE:FF',
    data,
    at: Date.now(),
  };
  return JSON.stringify(await signMessage(event, SECRETS.get(gatewayId) as string));
}

function connectTo(port: number, username: string, password: string, clientId = username): Promise<MqttClient> {
  return new Promise((resolve, reject) => {
    const client = mqtt.connect(`mqtt://127.0.0.1:${port}`, {
      username,
      password,
      clientId,
      reconnectPeriod: 0,
      connectTimeout: 3000,
    });
    clients.push(client);
    client.once('connect', () => resolve(client));
    client.once('error', reject);
    client.once('close', () => reject(new Error('closed before CONNACK')));
  });
}

/** Writes `total` bytes of body as fast as the broker takes them, until it closes the connection. */
async function streamUntilClosed(socket: Socket, total: number): Promise<void> {
  const chunk = Buffer.alloc(64 * 1024, 0x61);
  for (let sent = 0; sent < total && !socket.destroyed; sent += chunk.length) {
    if (!socket.write(chunk.subarray(0, Math.min(chunk.length, total - sent)))) {
      await new Promise((resolve) => {
        const done = () => {
          socket.off('drain', done).off('close', done);
          resolve(undefined);
        };
        socket.on('drain', done).on('close', done);
      });
    }
  }
}

describe("embedded device broker's limits", () => {
  it('refuses a CONNECT announcing 200 MB at once, without buffering it', async () => {
    const { broker: limited, warnings } = await limitedBroker();
    const announced = 200 * 1024 * 1024;
    const parsed = parsedBytes();
    const rssBefore = process.memoryUsage().rss;
    try {
      const socket = await rawSocket(limited.port);
      socket.write(fixedHeader(1, announced));
      await streamUntilClosed(socket, announced - 1);
      await closedWithin(socket, 2000);
    } finally {
      parsed.restore();
    }
    // Nothing of the body reached the MQTT parser, and the process did not grow by anything like it.
    expect(parsed.bytes).toBeLessThanOrEqual(BROKER_LIMITS.beforeLogin);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(64 * 1024 * 1024);
    expect(warnings).toEqual([
      {
        message: 'MQTT connection closed: packet larger than allowed before login',
        details: {
          address: '127.0.0.1',
          reason: 'packetTooLarge',
          packetType: 1,
          announcedBytes: announced,
          limitBytes: BROKER_LIMITS.beforeLogin,
          loggedIn: false,
        },
      },
    ]);
  });

  it('closes a connection that sends no CONNECT within the connect timeout', async () => {
    const { broker: limited, warnings } = await limitedBroker({ connectTimeoutMs: 200 });
    const silent = await rawSocket(limited.port);
    await closedWithin(silent, 10_000);
    expect(warnings).toEqual([
      {
        message: 'MQTT connection closed: no CONNECT in time',
        details: { address: '127.0.0.1', reason: 'connectTimeout', timeoutMs: 200 },
      },
    ]);
    // A gateway sends its CONNECT at once: the short timeout does not touch it.
    await expect(connectTo(limited.port, gatewayUsername(1), SECRETS.get(1) as string)).resolves.toBeDefined();
  });

  it('refuses the 11th connection from one address while 10 wait to log in', async () => {
    const { broker: limited, warnings } = await limitedBroker({ connectTimeoutMs: 60_000 });
    // Connections that have logged in do not count.
    for (let i = 0; i < 10; i++) await connectTo(limited.port, CLOUD_USERNAME, CLOUD_SECRET, `cloud-${i}`);
    const waiting: Socket[] = [];
    for (let i = 0; i < 10; i++) waiting.push(await rawSocket(limited.port));
    const eleventh = await rawSocket(limited.port);
    await closedWithin(eleventh, 2000);
    expect(waiting.filter((socket) => socket.destroyed)).toEqual([]);
    expect(warnings).toEqual([
      {
        message: 'MQTT connection closed: too many connections from this address waiting to log in',
        details: { address: '127.0.0.1', reason: 'tooManyPendingLogins', pendingLimit: 10 },
      },
    ]);
    // Once they are gone, the address may connect again.
    for (const socket of waiting) socket.destroy();
    await until(() =>
      connectTo(limited.port, gatewayUsername(1), SECRETS.get(1) as string).then(
        () => true,
        () => false,
      ),
    );
  });

  it('lets a gateway publish the largest message of the protocol', async () => {
    const { broker: limited, warnings } = await limitedBroker();
    const listener = await connectTo(limited.port, CLOUD_USERNAME, CLOUD_SECRET, 'cloud-listener');
    await grantedQos(listener, 'gw/#');
    const heard = inbox(listener);
    const payload = await largestRecordsEvent(2);
    const size = generate({
      cmd: 'publish',
      topic: gatewayTopics(2).events,
      payload,
      qos: 1,
      messageId: 1,
      retain: false,
      dup: false,
    }).length;
    // Over the login limit, within the limit after login with half again to spare.
    expect(size).toBeGreaterThan(BROKER_LIMITS.beforeLogin);
    expect(size * 1.5).toBeLessThanOrEqual(MAX_DEVICE_PACKET_BYTES);
    const two = await connectTo(limited.port, gatewayUsername(2), SECRETS.get(2) as string);
    await two.publishAsync(gatewayTopics(2).events, payload, { qos: 1 });
    await until(() => heard.length > 0);
    expect(heard).toEqual([{ topic: gatewayTopics(2).events, payload }]);
    expect(warnings).toEqual([]);
  });

  it('takes a large message a gateway sends right behind its CONNECT, before the CONNACK', async () => {
    const { broker: limited, warnings } = await limitedBroker();
    const listener = await connectTo(limited.port, CLOUD_USERNAME, CLOUD_SECRET, 'cloud-listener');
    await grantedQos(listener, 'gw/#');
    const heard = inbox(listener);
    const payload = await largestRecordsEvent(1);
    const socket = await rawSocket(limited.port);
    const replies: string[] = [];
    const replyParser = mqttParser();
    replyParser.on('packet', (packet) => replies.push(packet.cmd));
    socket.on('data', (chunk) => replyParser.parse(chunk));
    const username = gatewayUsername(1);
    socket.write(
      Buffer.concat([
        generate({
          cmd: 'connect',
          protocolId: 'MQTT',
          protocolVersion: 4,
          clean: true,
          keepalive: 30,
          clientId: username,
          username,
          password: Buffer.from(SECRETS.get(1) as string),
        }),
        generate({
          cmd: 'publish',
          topic: gatewayTopics(1).events,
          payload,
          qos: 1,
          messageId: 7,
          retain: false,
          dup: false,
        }),
      ]),
    );
    await until(() => replies.includes('puback'));
    expect(replies).toEqual(['connack', 'puback']);
    await until(() => heard.length > 0);
    expect(heard).toEqual([{ topic: gatewayTopics(1).events, payload }]);
    expect(warnings).toEqual([]);
  });

  it('disconnects a logged-in gateway that publishes more than the largest message allows', async () => {
    const { broker: limited, warnings } = await limitedBroker();
    const listener = await connectTo(limited.port, CLOUD_USERNAME, CLOUD_SECRET, 'cloud-listener');
    await grantedQos(listener, 'gw/#');
    const heard = inbox(listener);
    const one = await connectTo(limited.port, gatewayUsername(1), SECRETS.get(1) as string);
    one.publish(gatewayTopics(1).events, Buffer.alloc(MAX_DEVICE_PACKET_BYTES, 0x61), { qos: 1 });
    await closedWithin(one, 5000);
    // Then a small event: once it is heard, the oversized one would have been too.
    const again = await connectTo(limited.port, gatewayUsername(1), SECRETS.get(1) as string);
    again.publish(gatewayTopics(1).events, '{"later":true}', { qos: 1 });
    await until(() => heard.length > 0);
    expect(heard).toEqual([{ topic: gatewayTopics(1).events, payload: '{"later":true}' }]);
    expect(warnings).toEqual([
      {
        message: 'MQTT connection closed: packet larger than allowed',
        details: {
          address: '127.0.0.1',
          clientId: gatewayUsername(1),
          reason: 'packetTooLarge',
          packetType: 3,
          announcedBytes: MAX_DEVICE_PACKET_BYTES + 2 + gatewayTopics(1).events.length + 2,
          limitBytes: MAX_DEVICE_PACKET_BYTES,
          loggedIn: true,
        },
      },
    ]);
    expect(JSON.stringify(warnings)).not.toContain(SECRETS.get(1));
  });
});
