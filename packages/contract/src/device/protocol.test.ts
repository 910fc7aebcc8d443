import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonicalJson';
import {
  admitCommand,
  type Command,
  DEVICE_PROTOCOL_VERSION,
  gatewayIdOfUsername,
  gatewayTopics,
  gatewayUsername,
  signMessage,
  verifyMessage,
} from './protocol';

const SECRET = 'gateway-secret-one';
const now = 1_800_000_000_000;
const command = (overrides: Partial<Command> = {}): Command => ({
  v: DEVICE_PROTOCOL_VERSION,
  id: 'cmd-1',
  name: 'unlock',
  lockMac: 'AA:BB:CC:DD:EE:01',
  params: { by: 'remote' },
  issuedAt: now,
  deadline: now + 10_000,
  ...overrides,
});

describe('device protocol', () => {
  it('writes canonical JSON with sorted keys at every level', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: 2 }], c: null }, u: undefined })).toBe(
      '{"a":{"c":null,"d":[2,{"y":2,"z":1}]},"b":1}',
    );
  });

  it('names each gateway its own topics and user name', () => {
    expect(gatewayTopics(7)).toEqual({ commands: 'gw/7/cmd', events: 'gw/7/evt', status: 'gw/7/status' });
    expect(gatewayIdOfUsername(gatewayUsername(7))).toBe(7);
    expect(gatewayIdOfUsername('gw-07')).toBeUndefined();
    expect(gatewayIdOfUsername('AA:BB:CC:DD:EE:01')).toBeUndefined();
  });

  it('verifies a signed message and refuses any change or another secret', async () => {
    const signed = await signMessage(command(), SECRET);
    expect(await verifyMessage(signed, SECRET)).toEqual(command());
    expect(await verifyMessage({ ...signed, lockMac: 'AA:BB:CC:DD:EE:02' }, SECRET)).toBeUndefined();
    expect(await verifyMessage({ ...signed, deadline: signed.deadline + 60_000 }, SECRET)).toBeUndefined();
    expect(await verifyMessage(signed, 'gateway-secret-two')).toBeUndefined();
  });

  it('runs a command once, inside its deadline, only when signed with its own secret', async () => {
    const seen = new Set<string>();
    const signed = await signMessage(command(), SECRET);
    expect(await admitCommand(signed, SECRET, now + 1, seen)).toMatchObject({ run: true });
    expect(await admitCommand(signed, SECRET, now + 2, seen)).toEqual({ run: false, reason: 'duplicate' });
    const late = await signMessage(command({ id: 'cmd-2' }), SECRET);
    expect(await admitCommand(late, SECRET, now + 10_001, seen)).toEqual({ run: false, reason: 'expired' });
    const forged = await signMessage(command({ id: 'cmd-3' }), 'someone-else');
    expect(await admitCommand(forged, SECRET, now + 1, seen)).toEqual({ run: false, reason: 'badSignature' });
    expect(await admitCommand({ hello: 1 }, SECRET, now, seen)).toEqual({ run: false, reason: 'malformed' });
    expect(seen.has('cmd-2')).toBe(false);
  });
});
