import { randomBytes } from 'node:crypto';
import mqtt, { type IClientOptions, type IConnackPacket, type MqttClient } from 'mqtt';
import { TopicFollower } from './topicFollower';

/**
 * The gateways' topics every instance listens to. Their events and replies (`gw/+/evt`) go to
 * one instance of the group when the broker offers MQTT 5 shared subscriptions (`$share/<group>/`);
 * their status stays unshared: every instance hears it, and the retained status of every gateway
 * when it subscribes, which a shared subscription is never given (docs/devices.md).
 */
export function gatewaySubscriptions(shareGroup: string | undefined): string[] {
  return [shareGroup ? `$share/${shareGroup}/gw/+/evt` : 'gw/+/evt', 'gw/+/status'];
}

/** Where a live message for an account travels between server instances. */
export function liveTopic(userId: number): string {
  return `cloud/live/${userId}`;
}

export type LinkHandler = (topic: string, payload: Buffer) => void;

/** How long a publish waits for the broker's acknowledgement. */
export const PUBLISH_TIMEOUT_MS = 5000;

/** SUBACK reason code: the broker does not support shared subscriptions. */
const SHARED_SUBSCRIPTIONS_NOT_SUPPORTED = 0x9e;

/** The broker is out of reach (restarting, or the network to it is down). */
export class LinkDownError extends Error {
  constructor() {
    super('the MQTT broker is out of reach');
  }
}

/**
 * The cloud's own MQTT connection: it publishes commands and live messages, hears the gateways'
 * replies, events and status (the events shared with the other instances in `shareGroup` where
 * the broker offers it) and follows the live topics of the accounts this instance serves. MQTT 5
 * when the broker speaks it (message expiry on commands, shared subscriptions), else 3.1.1; it
 * reconnects by itself, with exactly the subscriptions it has then.
 */
export class DeviceLink {
  private readonly follower: TopicFollower;

  private constructor(
    private readonly client: MqttClient,
    /** 5 or 4 (3.1.1). */
    readonly protocolVersion: 4 | 5,
    /** The group the gateways' events are shared in, when they are (else every instance hears every one). */
    readonly shareGroup: string | undefined,
  ) {
    this.follower = new TopicFollower({
      get connected() {
        return client.connected;
      },
      subscribe: async (topics) => {
        await client.subscribeAsync(topics, { qos: 1 });
      },
      unsubscribe: async (topic) => {
        await client.unsubscribeAsync(topic);
      },
    });
  }

  static async connect(
    url: string,
    credentials: { username?: string; password?: string },
    onMessage: LinkHandler,
    options: { shareGroup?: string } = {},
  ) {
    const clientId = `cloud-${randomBytes(6).toString('hex')}`;
    const base: IClientOptions = {
      clientId,
      username: credentials.username,
      password: credentials.password,
      clean: true,
      reconnectPeriod: 1000,
      connectTimeout: 10_000,
      // Every new connection is given its subscriptions here (TopicFollower.restore), no more.
      resubscribe: false,
    };
    const five = await DeviceLink.open(url, { ...base, protocolVersion: 5 }).catch((error: unknown) => {
      if (isProtocolRefusal(error)) return undefined;
      throw error;
    });
    const [{ client: connected, connack }, version] = five
      ? ([five, 5] as const)
      : ([await DeviceLink.open(url, { ...base, protocolVersion: 4 }), 4] as const);
    connected.on('message', (topic, payload) => onMessage(topic, payload));
    noDelay(connected);
    // Shared subscriptions are MQTT 5's; a broker without them says so in its CONNACK (absent: offered).
    const offered = version === 5 && connack.properties?.sharedSubscriptionAvailable !== false;
    let shareGroup = offered ? options.shareGroup : undefined;
    try {
      await connected.subscribeAsync(gatewaySubscriptions(shareGroup), { qos: 1 });
    } catch (error) {
      if (!shareGroup || !refusesSharing(error)) {
        connected.end(true);
        throw error;
      }
      shareGroup = undefined;
      await connected.subscribeAsync(gatewaySubscriptions(undefined), { qos: 1 });
    }
    const link = new DeviceLink(connected, version, shareGroup);
    // Clean sessions: after a reconnect the broker holds nothing for this connection.
    connected.on('connect', () => {
      noDelay(connected);
      link.follower.restore(gatewaySubscriptions(shareGroup)).catch(() => {
        // Dropped again: the next connection restores them.
      });
    });
    return link;
  }

  private static open(url: string, options: IClientOptions): Promise<{ client: MqttClient; connack: IConnackPacket }> {
    return new Promise((resolve, reject) => {
      const client = mqtt.connect(url, { ...options, reconnectPeriod: 0 });
      client.once('connect', (connack) => {
        client.removeAllListeners('error');
        client.options.reconnectPeriod = 1000;
        client.on('error', () => {});
        resolve({ client, connack });
      });
      client.once('error', (error) => {
        client.end(true);
        reject(error);
      });
      client.once('close', () => reject(new Error(`cannot reach the MQTT broker at ${url}`)));
    });
  }

  /**
   * Receives messages on `topic` from now on, on this connection and every later one; resolves
   * once the broker holds the subscription (at once while the broker is out of reach).
   */
  follow(topic: string): Promise<void> {
    return this.follower.follow(topic);
  }

  /** Stops receiving messages on `topic`. */
  unfollow(topic: string): Promise<void> {
    return this.follower.unfollow(topic);
  }

  /** The topics followed now. */
  get followed(): string[] {
    return this.follower.topics;
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

/** The broker answered a SUBSCRIBE with "shared subscriptions not supported". */
function refusesSharing(error: unknown): boolean {
  const { code, packet } = error as { code?: number; packet?: { granted?: number[] } };
  return (
    code === SHARED_SUBSCRIPTIONS_NOT_SUPPORTED ||
    Boolean(packet?.granted?.includes(SHARED_SUBSCRIPTIONS_NOT_SUPPORTED))
  );
}

function isProtocolRefusal(error: unknown): boolean {
  const code = (error as { code?: number }).code;
  const message = error instanceof Error ? error.message : '';
  return (
    code === 1 || code === 132 || /protocol|unacceptable|version/i.test(message) || message.includes('cannot reach')
  );
}
