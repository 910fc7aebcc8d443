import { LIVE_PATH } from '@smartlock/contract';

export interface LiveEvent {
  type: string;
  data: unknown;
}

/** A console's live channel over real HTTP: collects the server-sent events it receives. */
export class LiveStream {
  readonly events: LiveEvent[] = [];
  private readonly abort = new AbortController();
  private constructor() {}

  static async open(baseUrl: string, cookie: string): Promise<LiveStream> {
    const stream = new LiveStream();
    const response = await fetch(new URL(LIVE_PATH, baseUrl), { headers: { cookie }, signal: stream.abort.signal });
    if (response.status !== 200 || !response.body) throw new Error(`live channel answered ${response.status}`);
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    const pump = async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const type = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (type && data) stream.events.push({ type, data: JSON.parse(data) });
          end = buffer.indexOf('\n\n');
        }
      }
    };
    pump().catch(() => {});
    await stream.next((e) => e.type === 'ready');
    return stream;
  }

  /** The first event that matches, waiting up to `timeoutMs`. */
  async next(match: (event: LiveEvent) => boolean, timeoutMs = 15_000): Promise<LiveEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no matching live event; got ${JSON.stringify(this.events)}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  close(): void {
    this.abort.abort();
  }
}
