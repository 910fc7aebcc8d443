import { describe, expect, it } from 'vitest';
import { type SubscribingClient, TopicFollower } from './topicFollower';

/** Lets every settled promise's continuations run. */
const settled = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A connection whose broker answers only when the test says so. */
class ScriptedClient implements SubscribingClient {
  connected = true;
  /** What was sent, in order: `subscribe a b`, `unsubscribe a`. */
  readonly sent: string[] = [];
  private readonly unanswered: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];

  subscribe(topics: string[]): Promise<void> {
    this.sent.push(`subscribe ${topics.join(' ')}`);
    return this.inFlight();
  }

  unsubscribe(topic: string): Promise<void> {
    this.sent.push(`unsubscribe ${topic}`);
    return this.inFlight();
  }

  get waiting(): number {
    return this.unanswered.length;
  }

  /** The broker answers the oldest request. */
  async answer(): Promise<void> {
    this.unanswered.shift()?.resolve();
    await settled();
  }

  /** The connection drops: what was in flight fails. */
  async drop(): Promise<void> {
    this.connected = false;
    for (const request of this.unanswered.splice(0)) request.reject(new Error('connection closed'));
    await settled();
  }

  private inFlight(): Promise<void> {
    return new Promise((resolve, reject) => this.unanswered.push({ resolve, reject }));
  }
}

describe('following topics on a connection', () => {
  it('subscribes on follow and unsubscribes on unfollow, resolving once the broker answered', async () => {
    const client = new ScriptedClient();
    const follower = new TopicFollower(client);
    let ready = false;
    const following = follower.follow('cloud/live/1').then(() => {
      ready = true;
    });
    await settled();
    expect(ready).toBe(false);
    await client.answer();
    await following;
    expect(ready).toBe(true);
    const leaving = follower.unfollow('cloud/live/1');
    await client.answer();
    await leaving;
    expect(client.sent).toEqual(['subscribe cloud/live/1', 'unsubscribe cloud/live/1']);
    expect(follower.topics).toEqual([]);
  });

  it('subscribes again when a follow comes while the unsubscribe is in flight', async () => {
    const client = new ScriptedClient();
    const follower = new TopicFollower(client);
    const first = follower.follow('cloud/live/1');
    await client.answer();
    await first;
    void follower.unfollow('cloud/live/1');
    await settled();
    const again = follower.follow('cloud/live/1');
    await settled();
    // One request in flight per topic: the new subscribe waits for the unsubscribe's answer.
    expect(client.waiting).toBe(1);
    await client.answer();
    expect(client.sent.at(-1)).toBe('subscribe cloud/live/1');
    await client.answer();
    await again;
    expect(client.sent).toEqual(['subscribe cloud/live/1', 'unsubscribe cloud/live/1', 'subscribe cloud/live/1']);
    expect(client.waiting).toBe(0);
  });

  it('sends nothing more when the wants changed back and forth while a request was in flight', async () => {
    const client = new ScriptedClient();
    const follower = new TopicFollower(client);
    const following = follower.follow('cloud/live/1');
    await settled();
    void follower.unfollow('cloud/live/1');
    void follower.follow('cloud/live/1');
    await client.answer();
    await following;
    expect(client.sent).toEqual(['subscribe cloud/live/1']);
    expect(client.waiting).toBe(0);
  });

  it('gives a new connection exactly the topics wanted then, in one subscribe', async () => {
    const client = new ScriptedClient();
    const follower = new TopicFollower(client);
    for (const topic of ['cloud/live/1', 'cloud/live/2', 'cloud/live/3']) {
      const following = follower.follow(topic);
      await client.answer();
      await following;
    }
    const leaving = follower.unfollow('cloud/live/2');
    await client.answer();
    await leaving;
    // Down: a follow and an unfollow meanwhile send nothing (nothing to send them on).
    await client.drop();
    const whileDown = follower.follow('cloud/live/4');
    await follower.unfollow('cloud/live/3');
    expect(client.sent).toHaveLength(4);
    client.connected = true;
    const restored = follower.restore(['gw/+/evt', 'gw/+/status']);
    await client.answer();
    await restored;
    await whileDown;
    expect(client.sent.at(-1)).toBe('subscribe gw/+/evt gw/+/status cloud/live/1 cloud/live/4');
    expect(client.sent).toHaveLength(5);
  });

  it('leaves a request cut off by the connection dropping to the next connection', async () => {
    const client = new ScriptedClient();
    const follower = new TopicFollower(client);
    const following = follower.follow('cloud/live/1');
    await settled();
    await client.drop();
    await following;
    client.connected = true;
    const restored = follower.restore(['gw/+/evt']);
    // A stream opening during the restore waits for the broker's answer to it.
    let ready = false;
    const second = follower.follow('cloud/live/1').then(() => {
      ready = true;
    });
    await settled();
    expect(ready).toBe(false);
    await client.answer();
    await Promise.all([restored, second]);
    expect(client.sent).toEqual(['subscribe cloud/live/1', 'subscribe gw/+/evt cloud/live/1']);
    // Held now: leaving it unsubscribes.
    const leaving = follower.unfollow('cloud/live/1');
    await client.answer();
    await leaving;
    expect(client.sent.at(-1)).toBe('unsubscribe cloud/live/1');
  });

  it('carries on from what the new connection holds when a reconnect overtakes a request', async () => {
    const client = new ScriptedClient();
    const follower = new TopicFollower(client);
    const following = follower.follow('cloud/live/1');
    await settled();
    // The restore happens before the old connection's request is answered (its answer still counts for nothing).
    const restored = follower.restore(['gw/+/evt']);
    const leaving = follower.unfollow('cloud/live/1');
    await client.answer();
    await client.answer();
    expect(client.sent).toEqual([
      'subscribe cloud/live/1',
      'subscribe gw/+/evt cloud/live/1',
      'unsubscribe cloud/live/1',
    ]);
    await client.answer();
    await Promise.all([following, restored, leaving]);
    expect(client.waiting).toBe(0);
    expect(follower.topics).toEqual([]);
  });
});
