import { admitCommand, type Command, DEVICE_PROTOCOL_VERSION, signMessage } from '@smartlock/contract';
import { describe, expect, it } from 'vitest';
import { SeenCommands } from './seenCommands';

const SECRET = 'gateway-secret-0123456789';

async function command(id: string, deadline: number) {
  const body: Command = {
    v: DEVICE_PROTOCOL_VERSION,
    id,
    name: 'unlock',
    params: {},
    issuedAt: deadline - 5_000,
    deadline,
  };
  return signMessage(body, SECRET);
}

describe('the memory of seen commands', () => {
  it('admits an id once, remembering it with its deadline', async () => {
    const seen = new SeenCommands();
    const now = 1_000_000;
    const message = await command('a', now + 5_000);
    expect(await admitCommand(message, SECRET, now, seen.at(now))).toMatchObject({
      run: true,
    });
    expect(await admitCommand(message, SECRET, now, seen.at(now))).toEqual({
      run: false,
      reason: 'duplicate',
    });
    expect(seen.snapshot()).toEqual([{ id: 'a', deadline: now + 5_000 }]);
  });

  it('does not remember refused commands', async () => {
    const seen = new SeenCommands();
    const message = await command('b', 10);
    expect(await admitCommand(message, SECRET, 20, seen.at(20))).toEqual({
      run: false,
      reason: 'expired',
    });
    expect(seen.size).toBe(0);
  });

  it('forgets ids once their deadlines have passed, and survives a restart', () => {
    const seen = new SeenCommands([
      { id: 'old', deadline: 100 },
      { id: 'live', deadline: 300 },
    ]);
    seen.remember('new', 400, 200);
    expect(new SeenCommands(seen.snapshot()).snapshot().map((entry) => entry.id)).toEqual(['live', 'new']);
  });
});
