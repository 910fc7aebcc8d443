import { randomBytes } from 'node:crypto';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';

/** The topics the cloud listens to: every gateway's events and status, and the live channel. */
export const CLOUD_SUBSCRIPTIONS = ['gw/+/evt', 'gw/+/status', 'cloud/live/+'] as const;

/** Where a live message for an account travels between server instances. */
export function liveTopic(userId: number): string {
  return `cloud/live/${userId}`;
}

export type LinkHandler = (topic: string, payload: Buffer) => void;

/** How long a publish waits for the broker's acknowledgement. */
export const PUBLISH_TIMEOUT_MS = 5000;

/** The broker is out of reach (restarting, or the network to it is down). */
export class LinkDownError extends Error {
  constructor() {
    super('the MQTT broker is out of reach');
  }
}

/**
 * The cloud's own MQTT connection: it publishes commands and live messages and hears every
 * gateway's replies, events and status. MQTT 5 when the broker speaks it (message expiry on
 * commands), else 3.1.1; it reconnects by itself.
 */
export class DeviceLink {
  private constructor(
    private readonly client: MqttClient,
    /** 5 or 4 (3.1.1). */
    readonly protocolVersion: 4 | 5,
  ) {}

  static async connect(url: string, credentials: { username?: string; password?: string }, onMessage: LinkHandler) {
    const clientId = `cloud-${randomBytes(6).toString('hex')}`;
    const base: IClientOptions = {
      clientId,
      username: credentials.username,
      password: credentials.password,
      clean: true,
      reconnectPeriod: 1000,
      connectTimeout: 10_000,
    };
    const client = await DeviceLink.open(url, { ...base, protocolVersion: 5 }).catch((error: unknown) => {
      if (isProtocolRefusal(error)) return undefined;
      throw error;
    });
    const [connected, version] = client
      ? ([client, 5] as const)
      : ([await DeviceLink.open(url, { ...base, protocolVersion: 4 }), 4] as const);
    connected.on('message', (topic, payload) => onMessage(topic, payload));
    // Subscriptions are restored after every reconnect (clean sessions).
    connected.on('connect', () => {
      noDelay(connected);
      connected.subscribe([...CLOUD_SUBSCRIPTIONS], { qos: 1 });
    });
    noDelay(connected);
    await connected.subscribeAsync([...CLOUD_SUBSCRIPTIONS], { qos: 1 });
    return new DeviceLink(connected, version);
  }

  private static open(url: string, options: IClientOptions): Promise<MqttClient> {
    return new Promise((resolve, reject) => {
      const client = mqtt.connect(url, { ...options, reconnectPeriod: 0 });
      client.once('connect', () => {
        client.removeAllListeners('error');
        client.options.reconnectPeriod = 1000;
        client.on('error', () => {});
        resolve(client);
      });
      client.once('error', (error) => {
        client.end(true);
        reject(error);
      });
      client.once('close', () => reject(new Error(`cannot reach the MQTT broker at ${url}`)));
    });
  }

  get connected(): boolean {
    return this.client.connected;
  }

  /**
   * Publishes with QoS 1. `expirySeconds` becomes the MQTT 5 message expiry, so a broker holding
   * the message for an offline gateway drops it when it can no longer be run. Fails at once while
   * the broker is out of reach, and after PUBLISH_TIMEOUT_MS without its acknowledgement, rather
   * than waiting for the broker to come back: the caller ends what it started (a command carries
   * its own deadline, so one delivered late is refused by the gateway).
   */
  async publish(topic: string, message: unknown, options: { expirySeconds?: number; retain?: boolean } = {}) {
    if (!this.client.connected) throw new LinkDownError();
    const properties =
      this.protocolVersion === 5 && options.expirySeconds !== undefined
        ? { messageExpiryInterval: Math.max(1, Math.ceil(options.expirySeconds)) }
        : undefined;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new LinkDownError()), PUBLISH_TIMEOUT_MS);
    });
    try {
      await Promise.race([
        this.client.publishAsync(topic, JSON.stringify(message), {
          qos: 1,
          retain: options.retain ?? false,
          ...(properties ? { properties } : {}),
        }),
        timeout,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    await this.client.endAsync(true);
  }
}

/** Small messages go out at once (no Nagle delay behind an unacknowledged one). */
function noDelay(client: MqttClient): void {
  (client.stream as { setNoDelay?: (on: boolean) => void }).setNoDelay?.(true);
}

function isProtocolRefusal(error: unknown): boolean {
  const code = (error as { code?: number }).code;
  const message = error instanceof Error ? error.message : '';
  return (
    code === 1 || code === 132 || /protocol|unacceptable|version/i.test(message) || message.includes('cannot reach')
  );
}
