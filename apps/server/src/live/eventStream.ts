import type { FastifyReply } from 'fastify';

/** How often an idle stream says it is alive (proxies close silent connections). */
const HEARTBEAT_MS = 25_000;
/** How long a browser waits before it reconnects a dropped stream by itself. */
const RETRY_MS = 3000;

export interface EventStream {
  /** Sends one event with its JSON data (nothing once the stream has ended). */
  send(event: string, data: unknown): void;
  /** Ends the stream from the server's side. */
  end(): void;
}

/**
 * Takes a reply over as a server-sent event stream: the headers, the browser's reconnect delay
 * and a keep-alive comment every 25 s. `onGone` runs once when the client goes away.
 */
export function openEventStream(reply: FastifyReply, onGone: () => void): EventStream {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  raw.write(`retry: ${RETRY_MS}\n\n`);
  let ended = false;
  const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), HEARTBEAT_MS);
  const stop = () => {
    ended = true;
    clearInterval(heartbeat);
  };
  reply.request.raw.once('close', () => {
    stop();
    onGone();
  });
  return {
    send(event, data) {
      if (!ended) raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    end() {
      if (ended) return;
      stop();
      raw.end();
    },
  };
}
