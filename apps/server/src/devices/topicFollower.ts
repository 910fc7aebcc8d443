/** What following topics needs of an MQTT connection. */
export interface SubscribingClient {
  readonly connected: boolean;
  subscribe(topics: string[]): Promise<void>;
  unsubscribe(topic: string): Promise<void>;
}

/**
 * The topics a connection follows besides its fixed ones, kept equal to what is wanted while
 * wants change faster than the broker answers: each topic has at most one SUBSCRIBE or
 * UNSUBSCRIBE in flight, and when it is answered the topic is brought to what is wanted then
 * (a stream opening while the unsubscribe after the last one is in flight subscribes again
 * right after it). A new connection (clean session: the broker holds nothing) gets exactly the
 * wanted set in one SUBSCRIBE (`restore`).
 */
export class TopicFollower {
  private readonly wanted = new Set<string>();
  /** What the broker holds for this connection, as far as its answers tell. */
  private held = new Set<string>();
  /** Topics being brought to what is wanted, and the work doing it. */
  private readonly settling = new Map<string, Promise<void>>();
  /** Counts connections: an answer from an earlier one says nothing about the broker now. */
  private session = 0;
  /** The new connection's SUBSCRIBE of every wanted topic, until the broker answers it. */
  private restoring: Promise<void> = Promise.resolve();

  constructor(private readonly client: SubscribingClient) {}

  /** Topics wanted now. */
  get topics(): string[] {
    return [...this.wanted];
  }

  /** Wants the topic; resolves once the broker holds it (or the connection is down: `restore` will). */
  async follow(topic: string): Promise<void> {
    this.wanted.add(topic);
    await this.settle(topic);
    await this.restoring;
  }

  /** No longer wants the topic; resolves once the broker has dropped it (or the connection is down). */
  unfollow(topic: string): Promise<void> {
    this.wanted.delete(topic);
    return this.settle(topic);
  }

  /**
   * A new connection: `fixed` and every wanted topic, in one SUBSCRIBE. What was in flight on
   * the old connection no longer counts.
   */
  async restore(fixed: readonly string[]): Promise<void> {
    this.session += 1;
    this.held = new Set(this.wanted);
    const restoring = this.client.subscribe([...fixed, ...this.wanted]);
    this.restoring = restoring.catch(() => undefined);
    await restoring;
  }

  private settle(topic: string): Promise<void> {
    const running = this.settling.get(topic);
    if (running) return running;
    const work = this.bringToWanted(topic).finally(() => this.settling.delete(topic));
    this.settling.set(topic, work);
    return work;
  }

  private async bringToWanted(topic: string): Promise<void> {
    try {
      while (this.client.connected) {
        const want = this.wanted.has(topic);
        if (want === this.held.has(topic)) return;
        const session = this.session;
        if (want) await this.client.subscribe([topic]);
        else await this.client.unsubscribe(topic);
        // Reconnected meanwhile: `restore` gave the new connection what was wanted then, and
        // this loop carries on from what it holds.
        if (session !== this.session) continue;
        if (want) this.held.add(topic);
        else this.held.delete(topic);
      }
    } catch {
      // The connection dropped: the next one is given every wanted topic (`restore`).
    }
  }
}
