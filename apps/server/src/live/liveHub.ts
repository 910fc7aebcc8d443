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

/** How a live message reaches every server instance (the broker), so each can tell its own tabs. */
export interface LiveTransport {
  broadcast(userId: number, message: LiveBroadcast): Promise<void>;
}

/**
 * The live channel's fan-out. `publish` tells this instance's open channels of the account at
 * once and sends the message through the transport to the other instances; `receive` hands
 * what arrives from them to this instance's channels (its own messages coming back are skipped:
 * they were told already).
 */
export class LiveHub {
  private readonly byUser = new Map<number, Set<LiveConnection>>();
  private transport: LiveTransport | undefined;
  /** This instance, as the origin of what it broadcasts. */
  private readonly origin = randomUUID();

  useTransport(transport: LiveTransport): void {
    this.transport = transport;
  }

  add(connection: LiveConnection): () => void {
    let set = this.byUser.get(connection.userId);
    if (!set) {
      set = new Set();
      this.byUser.set(connection.userId, set);
    }
    set.add(connection);
    return () => {
      set.delete(connection);
      if (set.size === 0) this.byUser.delete(connection.userId);
    };
  }

  /** Ends every open channel (the server is stopping). */
  closeAll(): void {
    for (const set of this.byUser.values()) for (const connection of set) connection.close();
    this.byUser.clear();
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
