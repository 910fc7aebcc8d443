import { describe, expect, it } from 'vitest';
import { type LiveConnection, LiveHub, type LiveTransport } from './liveHub';

/** A transport that records what the hub asks of it; follows are answered when the test says. */
function recordingTransport() {
  const asked: string[] = [];
  const answers: Array<() => void> = [];
  const transport: LiveTransport = {
    broadcast: async () => undefined,
    follow: (userId) => {
      asked.push(`follow ${userId}`);
      return new Promise((resolve) => answers.push(resolve));
    },
    unfollow: (userId) => {
      asked.push(`unfollow ${userId}`);
    },
  };
  const answerAll = () => {
    for (const answer of answers.splice(0)) answer();
  };
  return { transport, asked, answerAll };
}

const channel = (userId: number, heard: unknown[] = []): LiveConnection => ({
  userId,
  send: (type, data) => heard.push({ type, data }),
  close: () => undefined,
});

describe('the live hub follows the accounts it serves', () => {
  it('follows an account from its first open channel to its last', () => {
    const { transport, asked } = recordingTransport();
    const hub = new LiveHub();
    hub.useTransport(transport);
    const first = hub.add(channel(7));
    const second = hub.add(channel(7));
    const other = hub.add(channel(8));
    expect(asked).toEqual(['follow 7', 'follow 8']);
    expect(hub.accounts).toBe(2);
    first.remove();
    first.remove();
    expect(asked).toEqual(['follow 7', 'follow 8']);
    second.remove();
    other.remove();
    expect(asked).toEqual(['follow 7', 'follow 8', 'unfollow 7', 'unfollow 8']);
    expect(hub.accounts).toBe(0);
    hub.add(channel(7));
    expect(asked.at(-1)).toBe('follow 7');
  });

  it('makes every channel of the account wait until the account is followed', async () => {
    const { transport, answerAll } = recordingTransport();
    const hub = new LiveHub();
    hub.useTransport(transport);
    const ready: string[] = [];
    void hub.add(channel(7)).ready.then(() => ready.push('first'));
    void hub.add(channel(7)).ready.then(() => ready.push('second'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(ready).toEqual([]);
    answerAll();
    await new Promise((resolve) => setImmediate(resolve));
    expect(ready).toEqual(['first', 'second']);
  });

  it('is ready at once without a transport (the embedded broker: no other instance)', async () => {
    const hub = new LiveHub();
    const heard: unknown[] = [];
    const membership = hub.add(channel(7, heard));
    await membership.ready;
    await hub.publish(7, 'records', { lockId: 1, count: 1 });
    expect(heard).toEqual([{ type: 'records', data: { lockId: 1, count: 1 } }]);
  });

  it('leaves a channel opened after the others were closed followed when an old one goes', () => {
    const { transport, asked } = recordingTransport();
    const hub = new LiveHub();
    hub.useTransport(transport);
    const old = hub.add(channel(7));
    hub.closeAll();
    hub.add(channel(7));
    old.remove();
    expect(hub.accounts).toBe(1);
    expect(asked).toEqual(['follow 7', 'unfollow 7', 'follow 7']);
  });
});
