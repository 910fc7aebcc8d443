import type { LiveMessages, LiveType } from '@smartlock/contract';

/** One open live channel: a console tab of one account. */
export interface LiveConnection {
  userId: number;
  send(type: LiveType, data: unknown): void;
  close(): void;
}

/** How a live message reaches every server instance (the broker), so each can tell its own tabs. */
export interface LiveTransport {
  broadcast(userId: number, message: { type: LiveType; data: unknown }): Promise<void>;
}

/**
 * The live channel's fan-out. `publish` sends a message for an account through the transport
 * (every instance hears it, this one included); `deliver` hands what arrives to this instance's
 * open channels of that account.
 */
export class LiveHub {
  private readonly byUser = new Map<number, Set<LiveConnection>>();
  private transport: LiveTransport | undefined;

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
    if (this.transport) {
      try {
        await this.transport.broadcast(userId, { type, data });
        return;
      } catch {
        // The broker is out of reach: fall through to this instance's own channels.
      }
    }
    this.deliver(userId, type, data);
  }

  deliver(userId: number, type: LiveType, data: unknown): void {
    for (const connection of this.byUser.get(userId) ?? []) connection.send(type, data);
  }
}
