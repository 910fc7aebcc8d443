import { EventEmitter } from 'node:events';
import { gatewayTopics, gatewayUsername } from '@smartlock/contract';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { type Clock, OneShotTimer, systemClock } from '../clock';
import { describeError } from '../errors';
import type { GatewaySigner, Wifi } from './gatewaySigner';

/** Waits between reconnection attempts after an unexpected drop (doubling up to the maximum). */
export const RECONNECT_DELAY_MS = { min: 500, max: 10_000 } as const;

/** How long a graceful close waits for the broker to acknowledge the offline status. */
const CLOSE_TIMEOUT_MS = 2_000;

export interface GatewayLinkOptions {
  url: string;
  gatewayId: number;
  secret: string;
  signer: GatewaySigner;
  clock: Clock;
  wifi: () => Wifi;
  log: (message: string) => void;
}

export interface GatewayLinkEvents {
  /** Connected, online status published, commands subscribed. */
  online: [];
  /** The connection is gone (dropped, refused or closed). */
  offline: [];
  /** A message on the gateway's command topic. */
  command: [payload: Buffer];
}

type PublishOptions = { retain?: boolean };

/**
 * A gateway's MQTT connection: user name "gw-<id>", its secret as password, the same name as
 * client id, a persistent session (commands the broker queued while it was away arrive when it
 * is back) and a signed "offline" last will. Every connection is announced with a signed
 * retained "online" stamped later than that connection's will. It reconnects by itself after a
 * drop, unless told to stay away.
 */
export class GatewayLink extends EventEmitter<GatewayLinkEvents> {
  private client: MqttClient | undefined;
  private opened = false;
  private readonly topics: ReturnType<typeof gatewayTopics>;
  /** The `at` of the will of the connection being made (its online status is one ms later). */
  private willAt = 0;
  private connected = false;
  /** Told to stay away (the offline fault) or closing: no reconnecting. */
  private away = false;
  private closing = false;
  private retryDelay: number = RECONNECT_DELAY_MS.min;
  /** Network waits run on real time, whatever clock stamps the messages. */
  private readonly retry = new OneShotTimer(systemClock);

  constructor(private readonly options: GatewayLinkOptions) {
    super();
    this.topics = gatewayTopics(options.gatewayId);
  }

  get isOnline(): boolean {
    return this.connected;
  }

  /** Starts connecting (and keeps trying); resolves once the first attempt is under way. */
  async open(): Promise<void> {
    if (this.opened) return;
    this.opened = true;
    const username = gatewayUsername(this.options.gatewayId);
    const clientOptions: IClientOptions = {
      clientId: username,
      username,
      password: this.options.secret,
      clean: false,
      protocolVersion: 4,
      reconnectPeriod: 0,
      connectTimeout: 10_000,
      keepalive: 30,
      resubscribe: false,
      will: await this.nextWill(),
    };
    const client = mqtt.connect(this.options.url, clientOptions);
    this.client = client;
    client.on('connect', () => {
      // Small messages go out at once (no Nagle delay behind an unacknowledged one).
      (client.stream as { setNoDelay?: (on: boolean) => void }).setNoDelay?.(true);
      this.announceOnline(client).catch((error: unknown) => this.options.log(`${username}: ${describeError(error)}`));
    });
    client.on('message', (_topic, payload) => this.emit('command', payload));
    client.on('close', () => this.onClose());
    client.on('error', (error) => this.options.log(`${username}: ${error.message}`));
  }

  /** Publishes a signed message on the event topic; resolves when the broker has it (QoS 1). */
  publishEvent(message: object): Promise<void> {
    return this.publish(this.topics.events, message);
  }

  /**
   * The "offline" fault: the TCP connection drops at once, without DISCONNECT, so the broker
   * publishes the last will; the gateway stays away until `resume`.
   */
  dropConnection(): void {
    this.away = true;
    this.retry.stop();
    this.client?.stream?.destroy();
  }

  /** Back from `dropConnection`: connects again (same session, a fresh will). */
  resume(): void {
    this.away = false;
    if (!this.connected && !this.closing) this.reconnect();
  }

  /** Signs off: a signed offline status (retained), then DISCONNECT (so the broker drops the will). */
  async close(): Promise<void> {
    this.closing = true;
    this.retry.stop();
    const client = this.client;
    if (!client) return;
    if (this.connected) {
      const status = await this.options.signer.status(
        false,
        Math.max(this.options.clock.now(), this.willAt + 1),
        this.options.wifi(),
      );
      await withTimeout(this.publish(this.topics.status, status, { retain: true }), CLOSE_TIMEOUT_MS).catch(() => {});
      await withTimeout(client.endAsync(false), CLOSE_TIMEOUT_MS).catch(() => client.end(true));
    } else {
      client.end(true);
    }
  }

  /** Gone at once, like a gateway losing power: no offline status, no DISCONNECT. */
  terminate(): void {
    this.closing = true;
    this.retry.stop();
    this.client?.end(true);
  }

  private publish(topic: string, message: object, options: PublishOptions = {}): Promise<void> {
    const client = this.client;
    if (!client) return Promise.reject(new Error('the gateway has not connected yet'));
    return new Promise((resolve, reject) => {
      client.publish(topic, JSON.stringify(message), { qos: 1, retain: options.retain ?? false }, (error) =>
        error ? reject(error) : resolve(),
      );
    });
  }

  /** The will for the next connection, stamped later than anything this gateway said before. */
  private async nextWill(): Promise<NonNullable<IClientOptions['will']>> {
    this.willAt = Math.max(this.options.clock.now(), this.willAt + 2);
    const status = await this.options.signer.status(false, this.willAt, this.options.wifi());
    return { topic: this.topics.status, payload: Buffer.from(JSON.stringify(status)), qos: 1, retain: true };
  }

  private async announceOnline(client: MqttClient): Promise<void> {
    this.connected = true;
    this.retryDelay = RECONNECT_DELAY_MS.min;
    const status = await this.options.signer.status(true, this.willAt + 1, this.options.wifi());
    this.publish(this.topics.status, status, { retain: true }).catch(() => {});
    await client.subscribeAsync(this.topics.commands, { qos: 1 });
    if (this.connected) this.emit('online');
  }

  private onClose(): void {
    if (this.connected) {
      this.connected = false;
      this.emit('offline');
    }
    if (this.away || this.closing) return;
    this.retry.start(this.retryDelay, () => this.reconnect());
    this.retryDelay = Math.min(this.retryDelay * 2, RECONNECT_DELAY_MS.max);
  }

  /** Connects again with the same session and in-flight messages, and a freshly stamped will. */
  private reconnect(): void {
    const client = this.client;
    if (!client) return;
    this.nextWill().then(
      (will) => {
        if (this.away || this.closing || this.connected) return;
        client.options.will = will;
        client.reconnect({ incomingStore: client.incomingStore, outgoingStore: client.outgoingStore });
      },
      (error: unknown) => this.options.log(`reconnect failed: ${describeError(error)}`),
    );
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
