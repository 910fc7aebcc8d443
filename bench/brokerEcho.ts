/**
 * The broker's own echo rate: the reference the remote-command figure is read against. Plain
 * MQTT clients move the device protocol's messages through a broker and do nothing else — no
 * HTTP, no database, no live channel. A "cloud" client (the product's own DeviceLink) signs each
 * command as the product does (id, name, lock MAC, params, issued, deadline) and publishes it to
 * gw/<id>/cmd; each "gateway" admits it as a gateway must (signature, deadline, run once) and
 * answers on gw/<id>/evt with a signed reply carrying its simulated lock's queryState result; the
 * cloud checks the reply's signature. The same in-flight window as the product's run.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import {
  admitCommand,
  type Command,
  DEVICE_PROTOCOL_VERSION,
  gatewayTopics,
  gatewayUsername,
  type Reply,
  type Signed,
  signMessage,
  verifyMessage,
} from '@smartlock/contract';
import { newLockSnapshot, randomMac, SimulatedLock } from '@smartlock/devices';
import { startEmbeddedBroker } from '@smartlock/server/src/devices/broker';
import { BrokerAccess, CLOUD_USERNAME } from '@smartlock/server/src/devices/brokerAccess';
import { DeviceLink } from '@smartlock/server/src/devices/link';
import mqtt, { type MqttClient } from 'mqtt';
import { CommandTally } from './commandTally';

export interface EchoOptions {
  /** The broker: an external one's URL, or undefined for a fresh embedded broker (the product's). */
  url: string | undefined;
  gateways: number;
  /** Gateway ids from here on (far from the product's own, on a shared broker). */
  firstGatewayId: number;
  commands: number;
  inFlight: number;
  /** A command not answered by then counts as lost. */
  answerTimeoutMs: number;
}

export interface EchoResult {
  perSecond: number;
  seconds: number;
  tally: CommandTally;
}

interface EchoGateway {
  client: MqttClient;
  lockMac: string;
}

const DEADLINE_MS = 30_000;

export async function brokerEcho(options: EchoOptions): Promise<EchoResult> {
  const secrets = new Map<number, string>();
  const ids = Array.from({ length: options.gateways }, (_, i) => options.firstGatewayId + i);
  for (const id of ids) secrets.set(id, randomBytes(16).toString('hex'));
  const cloudSecret = randomBytes(16).toString('hex');

  // The embedded broker as the server starts it: the same code, limits and access rules.
  const broker = options.url
    ? undefined
    : await startEmbeddedBroker({
        port: 0,
        host: '127.0.0.1',
        access: new BrokerAccess({ verify: async (id, secret) => secrets.get(id) === secret }, cloudSecret),
      });
  const url = options.url ?? `mqtt://127.0.0.1:${broker?.port}`;

  const tally = new CommandTally();
  const waiting = new Map<string, () => void>();
  const cloud = await DeviceLink.connect(url, { username: CLOUD_USERNAME, password: cloudSecret }, (topic, payload) => {
    const gatewayId = Number(/^gw\/([0-9]+)\/evt$/.exec(topic)?.[1]);
    const secret = secrets.get(gatewayId);
    if (!secret) return;
    void verifyMessage(JSON.parse(payload.toString('utf8')) as Signed<Reply>, secret).then((reply) => {
      if (!reply?.ok) return;
      tally.answered(reply.id);
      waiting.get(reply.id)?.();
    });
  });

  const gateways = new Map<number, EchoGateway>();
  await Promise.all(ids.map(async (id) => gateways.set(id, await echoGateway(url, id, secrets.get(id) ?? '', tally))));

  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: options.inFlight }, async () => {
      while (next < options.commands) {
        const i = next++;
        const gatewayId = ids[i % ids.length] as number;
        const gateway = gateways.get(gatewayId) as EchoGateway;
        const issuedAt = Date.now();
        const command: Command = {
          v: DEVICE_PROTOCOL_VERSION,
          id: randomUUID(),
          name: 'queryState',
          lockMac: gateway.lockMac,
          params: {},
          issuedAt,
          deadline: issuedAt + DEADLINE_MS,
        };
        const answered = new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, options.answerTimeoutMs);
          waiting.set(command.id, () => {
            clearTimeout(timer);
            resolve();
          });
        });
        tally.sent(command.id);
        await cloud.publish(
          gatewayTopics(gatewayId).commands,
          await signMessage(command, secrets.get(gatewayId) ?? ''),
          {
            expirySeconds: DEADLINE_MS / 1000,
          },
        );
        await answered;
        waiting.delete(command.id);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;

  await Promise.all([...gateways.values()].map(({ client }) => client.endAsync(true)));
  await cloud.close();
  await broker?.close();
  return { perSecond: tally.answeredTotal / seconds, seconds, tally };
}

/** A gateway that runs each admitted command on its simulated lock and answers at once. */
async function echoGateway(url: string, gatewayId: number, secret: string, tally: CommandTally): Promise<EchoGateway> {
  const lock = new SimulatedLock(newLockSnapshot({ mac: randomMac(), kind: 'door' }));
  const seen = new Map<string, number>();
  const memory = { has: (id: string) => seen.has(id), add: (id: string, deadline: number) => seen.set(id, deadline) };
  const username = gatewayUsername(gatewayId);
  const topics = gatewayTopics(gatewayId);
  const client = await mqtt.connectAsync(url, {
    clientId: username,
    username,
    password: secret,
    clean: true,
    protocolVersion: 4,
    reconnectPeriod: 0,
  });
  (client.stream as { setNoDelay?: (on: boolean) => void }).setNoDelay?.(true);
  client.on('message', (_topic, payload) => {
    void (async () => {
      const admission = await admitCommand(JSON.parse(payload.toString('utf8')), secret, Date.now(), memory);
      if (!admission.run) return;
      tally.ran(admission.command.id);
      const outcome = lock.queryState();
      if (!outcome.ok) return;
      const reply: Reply = {
        v: DEVICE_PROTOCOL_VERSION,
        kind: 'reply',
        id: admission.command.id,
        ok: true,
        result: outcome.result,
        at: Date.now(),
      };
      client.publish(topics.events, JSON.stringify(await signMessage(reply, secret)), { qos: 1 });
    })();
  });
  await client.subscribeAsync(topics.commands, { qos: 1 });
  return { client, lockMac: lock.mac };
}
