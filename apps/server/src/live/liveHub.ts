import { randomUUID } from 'node:crypto';
import type { LiveMessages, LiveType } from '@smartlock/contract';

/** One open live channel: a console tab of one account. */
export interface LiveConnection {
  userId: number;
  send(type: LiveType, data: unknown): void;
  close(): void;
}

/** A live message between instances: `origin` is the instance that published it. */
export interface LiveBroadcast {
  type: LiveType;
  data: unknown;
  origin: string;
}

/**
 * How a live message reaches the other server instances (the broker): each receives an
 * account's messages only while it follows the account, which it does while it has a channel of
 * that account open.
 */
export interface LiveTransport {
  broadcast(userId: number, message: LiveBroadcast): Promise<void>;
  /** Starts receiving the account's messages; resolves once they will arrive. */
  follow(userId: number): Promise<void>;
  /** Stops receiving them. */
  unfollow(userId: number): void;
}

/** A channel added to the hub. */
export interface LiveMembership {
  /** Resolves once the channel will hear what other instances publish for its account. */
  ready: Promise<void>;
  /** The channel closed. */
  remove(): void;
}

/**
 * The live channel's fan-out. `publish` tells this instance's open channels of the account at
 * once and sends the message through the transport to the other instances; `receive` hands
 * what arrives from them to this instance's channels (its own messages coming back are skipped:
 * they were told already). The transport follows an account from its first open channel here
 * to its last.
 */
export class LiveHub {
  private readonly byUser = new Map<number, Set<LiveConnection>>();
  /** For each account with a channel here: when its messages arrive here. */
  private readonly followed = new Map<number, Promise<void>>();
  private transport: LiveTransport | undefined;
  /** This instance, as the origin of what it broadcasts. */
  private readonly origin = randomUUID();

  useTransport(transport: LiveTransport): void {
    this.transport = transport;
  }

  add(connection: LiveConnection): LiveMembership {
    const { userId } = connection;
    let set = this.byUser.get(userId);
    const first = !set;
    if (!set) {
      set = new Set();
      this.byUser.set(userId, set);
    }
    set.add(connection);
    let ready = this.followed.get(userId) ?? Promise.resolve();
    if (first) {
      // A broker out of reach follows it when it is back: the channel need not wait for that.
      ready = this.transport?.follow(userId).catch(() => undefined) ?? Promise.resolve();
      this.followed.set(userId, ready);
    }
    let removed = false;
    return {
      ready,
      remove: () => {
        if (removed) return;
        removed = true;
        set.delete(connection);
        // The set may already be gone (closeAll) and another in its place: that one stays.
        if (set.size > 0 || this.byUser.get(userId) !== set) return;
        this.byUser.delete(userId);
        this.followed.delete(userId);
        this.transport?.unfollow(userId);
      },
    };
  }

  /** Accounts with a channel open here: those whose messages this instance receives. */
  get accounts(): number {
    return this.byUser.size;
  }

  /** Ends every open channel (the server is stopping). */
  closeAll(): void {
    for (const set of this.byUser.values()) for (const connection of set) connection.close();
    for (const userId of this.byUser.keys()) this.transport?.unfollow(userId);
    this.byUser.clear();
    this.followed.clear();
  }

  get connections(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  /**
   * Tells every instance's channels of the account. Without the broker (it is restarting), this
   * instance's own channels still hear it; the others learn the state when their consoles reload.
   */
  async publish<T extends LiveType>(userId: number, type: T, data: LiveMessages[T]): Promise<void> {
    this.deliver(userId, type, data);
    try {
      await this.transport?.broadcast(userId, { type, data, origin: this.origin });
    } catch {
      // The broker is out of reach: only this instance's channels heard it.
    }
  }

  /** A message from the transport: another instance's, for this instance's channels. */
  receive(userId: number, message: LiveBroadcast): void {
    if (message.origin !== this.origin) this.deliver(userId, message.type, message.data);
  }

  deliver(userId: number, type: LiveType, data: unknown): void {
    for (const connection of this.byUser.get(userId) ?? []) connection.send(type, data);
  }
}
