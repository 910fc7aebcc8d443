/** Test support: a stand-in EventSource and hand-run timers for the live streams. */
import type { LiveSource, Timers } from './reconnectingStream';

export class FakeSource implements LiveSource {
  closed = false;
  private readonly listeners = new Map<string, ((event: MessageEvent) => void)[]>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: MessageEvent) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close(): void {
    this.closed = true;
  }
  emit(type: string, data?: unknown): void {
    const event = { data: data === undefined ? undefined : JSON.stringify(data) } as MessageEvent;
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

/** What a stream under test needs: a connect that records its sources, timers run by `fire`, a fixed delay. */
export function fakeStreamDeps() {
  const sources: FakeSource[] = [];
  const pending: { run: () => void; ms: number; handle: number }[] = [];
  let next = 0;
  const timers: Timers = {
    set: (run, ms) => {
      pending.push({ run, ms, handle: ++next });
      return next;
    },
    clear: (handle) => {
      const index = pending.findIndex((p) => p.handle === handle);
      if (index >= 0) pending.splice(index, 1);
    },
  };
  const connect = (url: string) => {
    const source = new FakeSource(url);
    sources.push(source);
    return source;
  };
  /** Runs the next timer; answers its delay. */
  const fire = () => {
    const timer = pending.shift();
    timer?.run();
    return timer?.ms;
  };
  return { sources, pending, fire, options: { connect, delay: (attempt: number) => 1000 * (attempt + 1), timers } };
}
