import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { deriveKey, Sealer } from '../security/crypto';
import { GatewaySecrets } from './gatewaySecrets';

/** The gateways table as another instance changes it: the one query GatewaySecrets makes, counted. */
function table(sealer: Sealer) {
  const rows = new Map<number, string>();
  let reads = 0;
  let asked = 0;
  const db = {
    select: () => ({
      from: () => ({
        where: async () => {
          reads++;
          const sealed = rows.get(asked);
          return sealed ? [{ sealed }] : [];
        },
      }),
    }),
  } as unknown as Db;
  return {
    db,
    put: (id: number, secret: string) => rows.set(id, sealer.seal(secret)),
    drop: (id: number) => rows.delete(id),
    ask: (id: number) => {
      asked = id;
    },
    reads: () => reads,
  };
}

describe('gateway secrets across instances', () => {
  const sealer = new Sealer(deriveKey('a'.repeat(64), 'gateway-secret'));

  it('does not remember that a gateway was unknown: one added a moment later by another instance is heard at once', async () => {
    const gateways = table(sealer);
    const secrets = new GatewaySecrets(gateways.db, sealer);
    gateways.ask(7);
    expect(await secrets.secretOf(7)).toBeUndefined();
    gateways.put(7, 'secret-of-seven');
    expect(await secrets.secretOf(7)).toBe('secret-of-seven');
  });

  it('keeps a found secret for a minute, and reads it again when asked for a fresh one', async () => {
    const gateways = table(sealer);
    const secrets = new GatewaySecrets(gateways.db, sealer);
    gateways.ask(8);
    gateways.put(8, 'first');
    expect(await secrets.secretOf(8)).toBe('first');
    gateways.put(8, 'second');
    expect(await secrets.secretOf(8)).toBe('first');
    expect(gateways.reads()).toBe(1);
    expect(await secrets.secretOf(8, true)).toBe('second');
    gateways.drop(8);
    expect(await secrets.secretOf(8, true)).toBeUndefined();
    expect(gateways.reads()).toBe(3);
  });
});
