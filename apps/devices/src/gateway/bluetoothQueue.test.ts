import { describe, expect, it } from 'vitest';
import { BluetoothQueue } from './bluetoothQueue';

function deferred() {
  let resolve = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('the Bluetooth queue', () => {
  it('runs operations on one lock one after another, in order, and tells which waited', async () => {
    const queue = new BluetoothQueue();
    const steps: string[] = [];
    const gate = deferred();
    const first = queue.run('A', async (waited) => {
      steps.push(`first starts (waited: ${waited})`);
      await gate.promise;
      steps.push('first ends');
    });
    const second = queue.run(
      'A',
      async (waited) => steps.push(`second starts (waited: ${waited})`),
      () => steps.push('second waits'),
    );
    const other = queue.run('B', async (waited) => steps.push(`other lock starts (waited: ${waited})`));
    await other;
    gate.resolve();
    await Promise.all([first, second]);
    expect(steps).toEqual([
      'first starts (waited: false)',
      'second waits',
      'other lock starts (waited: false)',
      'first ends',
      'second starts (waited: true)',
    ]);
    expect(queue.isBusy('A')).toBe(false);
  });

  it('says when a lock has too many operations waiting', async () => {
    const queue = new BluetoothQueue(1);
    const gate = deferred();
    const running = queue.run('A', () => gate.promise);
    expect(queue.isFull('A')).toBe(false);
    const waiting = queue.run('A', async () => {});
    expect(queue.isFull('A')).toBe(true);
    gate.resolve();
    await Promise.all([running, waiting]);
  });

  it('frees the lock when an operation fails', async () => {
    const queue = new BluetoothQueue();
    await expect(queue.run('A', async () => Promise.reject(new Error('radio')))).rejects.toThrow('radio');
    await expect(queue.run('A', async (waited) => waited)).resolves.toBe(false);
  });
});
