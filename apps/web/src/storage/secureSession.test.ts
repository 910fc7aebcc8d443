import { beforeEach, describe, expect, it } from 'vitest';

/** The browser's sessionStorage, for Node. */
class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  values() {
    return [...this.items.values()];
  }
}

let storage: MemoryStorage;
beforeEach(() => {
  storage = new MemoryStorage();
  (globalThis as { sessionStorage?: unknown }).sessionStorage = storage;
});

describe('encrypted session storage', () => {
  it('keeps selections unreadable in storage and reads them back', async () => {
    const { readSession, writeSession } = await import('./secureSession');
    await writeSession('lockId', '4242');
    await writeSession('cardNumberMsg', '{"cardNumber":"123456789"}');
    expect(storage.values().join('|')).not.toContain('4242');
    expect(storage.values().join('|')).not.toContain('123456789');
    expect(await readSession('lockId')).toBe('4242');
    expect(await readSession('cardNumberMsg')).toBe('{"cardNumber":"123456789"}');
  });

  it('reads nothing from a tampered or missing entry', async () => {
    const { clearSession, readSession, writeSession } = await import('./secureSession');
    await writeSession('groupId', '7');
    const sealed = storage.getItem('sl.groupId') ?? '';
    storage.setItem('sl.groupId', `${sealed.slice(0, -4)}AAAA`);
    expect(await readSession('groupId')).toBeUndefined();
    clearSession('groupId');
    expect(await readSession('groupId')).toBeUndefined();
  });
});
