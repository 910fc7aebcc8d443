/** Test support: a small stand-in for the cloud on the device link. */
import { randomUUID } from 'node:crypto';
import {
  type Ack,
  type Command,
  DEVICE_PROTOCOL_VERSION,
  gatewayTopics,
  type Signed,
  signMessage,
  verifyMessage,
} from '@smartlock/contract';
import mqtt, { type MqttClient } from 'mqtt';
import { CLOUD_SECRET, testSecret } from './testBroker';
import { WAIT_MS } from './waiting';

/** A message a gateway published, with whether it is signed with that gateway's secret. */
export interface Heard {
  topic: string;
  gatewayId: number;
  message: Record<string, unknown>;
  signedByGateway: boolean;
}

export interface CommandInput {
  name: string;
  lockMac?: string;
  params?: Record<string, unknown>;
  id?: string;
  /** ms from now (default 5 s). */
  deadlineIn?: number;
  /** Sign with this instead of the gateway's secret. */
  secret?: string;
}

/** Connects as the cloud (user "cloud"), hears every gateway's events and statuses, sends commands. */
export class TestCloud {
  readonly heard: Heard[] = [];
  /** Acknowledges record events as the cloud does once it has stored them (turn off to play a cloud that is down). */
  acknowledgeRecords = true;
  private readonly waiters = new Set<() => void>();
  /** Verifications run one after another, so `heard` keeps the order of arrival. */
  private verified: Promise<void> = Promise.resolve();

  private constructor(private readonly client: MqttClient) {
    client.on('message', (topic, payload) => this.onMessage(topic, payload));
  }

  static async connect(url: string): Promise<TestCloud> {
    const client = await mqtt.connectAsync(url, {
      username: 'cloud',
      password: CLOUD_SECRET,
      clientId: `cloud-test-${randomUUID().slice(0, 8)}`,
      reconnectPeriod: 0,
    });
    await client.subscribeAsync(['gw/+/evt', 'gw/+/status'], { qos: 1 });
    return new TestCloud(client);
  }

  /** Signs and publishes a command (QoS 1); returns it. */
  async send(gatewayId: number, input: CommandInput): Promise<Signed<Command>> {
    const issuedAt = Date.now();
    const command: Command = {
      v: DEVICE_PROTOCOL_VERSION,
      id: input.id ?? randomUUID(),
      name: input.name,
      ...(input.lockMac ? { lockMac: input.lockMac } : {}),
      params: input.params ?? {},
      issuedAt,
      deadline: issuedAt + (input.deadlineIn ?? 5_000),
    };
    const signed = await signMessage(command, input.secret ?? testSecret(gatewayId));
    await this.publish(gatewayId, signed);
    return signed;
  }

  /** Tells a gateway the cloud has stored an event's records. */
  async acknowledge(gatewayId: number, eventId: string): Promise<void> {
    const ack: Ack = { v: DEVICE_PROTOCOL_VERSION, kind: 'ack', id: eventId, at: Date.now() };
    await this.publish(gatewayId, await signMessage(ack, testSecret(gatewayId)));
  }

  /** Publishes an already signed command again (as QoS 1 may). */
  async publish(gatewayId: number, command: object): Promise<void> {
    await this.client.publishAsync(gatewayTopics(gatewayId).commands, JSON.stringify(command), { qos: 1 });
  }

  /** Messages of one gateway, optionally only of a kind ("reply", "progress", "event", "status"). */
  of(gatewayId: number, kind?: string): Heard[] {
    return this.heard.filter((h) => h.gatewayId === gatewayId && (kind === undefined || h.message.kind === kind));
  }

  /** Resolves with the first message heard (already or later) that matches. */
  waitFor(match: (heard: Heard) => boolean, timeoutMs = WAIT_MS): Promise<Heard> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = this.heard.find(match);
        if (!found) return false;
        clearTimeout(timer);
        this.waiters.delete(listener);
        resolve(found);
        return true;
      };
      const listener = () => {
        check();
      };
      const timer = setTimeout(() => {
        this.waiters.delete(listener);
        reject(new Error('nothing matching was heard in time'));
      }, timeoutMs);
      if (!check()) this.waiters.add(listener);
    });
  }

  /** The reply to a command. */
  reply(gatewayId: number, commandId: string, timeoutMs?: number): Promise<Heard> {
    return this.waitFor(
      (h) => h.gatewayId === gatewayId && h.message.kind === 'reply' && h.message.id === commandId,
      timeoutMs,
    );
  }

  async close(): Promise<void> {
    await this.client.endAsync(true);
  }

  private onMessage(topic: string, payload: Buffer): void {
    const gatewayId = Number(topic.split('/')[1]);
    const message = JSON.parse(payload.toString('utf8')) as Signed<Record<string, unknown>>;
    this.verified = this.verified.then(async () => {
      const verified = await verifyMessage(message, testSecret(gatewayId));
      this.heard.push({ topic, gatewayId, message, signedByGateway: verified !== undefined });
      for (const waiter of [...this.waiters]) waiter();
      if (verified && this.acknowledgeRecords && message.kind === 'event' && message.name === 'records') {
        await this.acknowledge(gatewayId, String(message.id));
      }
    });
  }
}
