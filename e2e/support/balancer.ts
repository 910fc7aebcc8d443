import { createServer, type IncomingMessage, request, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';

export interface Balancer {
  server: Server;
  port: number;
  /** How many requests (and stream upgrades) each upstream was handed, in upstream order. */
  served: number[];
  close(): Promise<void>;
}

/** The client's address appended to X-Forwarded-For, as a proxy in front of the product does. */
function forwardedHeaders(incoming: IncomingMessage): Record<string, string | string[] | undefined> {
  const prior = incoming.headers['x-forwarded-for'];
  const client = incoming.socket.remoteAddress ?? '';
  return {
    ...incoming.headers,
    'x-forwarded-for': prior ? `${prior}, ${client}` : client,
    'x-forwarded-proto': 'http',
  };
}

/**
 * A round-robin HTTP load balancer on loopback, as an operator runs one in front of several
 * instances: each request goes to the next upstream; bodies and server-sent event streams are
 * piped through as they come, WebSocket upgrades are tunnelled. The Host header is kept, so the
 * product still tells brands apart by host.
 */
export async function startBalancer(upstreams: number[]): Promise<Balancer> {
  const served = upstreams.map(() => 0);
  let next = 0;
  const pick = (): number => {
    const index = next++ % upstreams.length;
    served[index] = (served[index] ?? 0) + 1;
    return upstreams[index] as number;
  };
  const server = createServer((incoming, outgoing) => {
    const upstream = request(
      {
        host: '127.0.0.1',
        port: pick(),
        method: incoming.method,
        path: incoming.url,
        headers: forwardedHeaders(incoming),
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502, { 'content-type': 'text/plain' });
      outgoing.end('upstream unavailable');
    });
    // A client that goes away (a closed tab's event stream) ends its upstream request too.
    outgoing.on('close', () => upstream.destroy());
    incoming.pipe(upstream);
  });
  server.on('upgrade', (incoming: IncomingMessage, client: Socket, head: Buffer) => {
    const upstream = connect(pick(), '127.0.0.1', () => {
      const lines = [`${incoming.method} ${incoming.url} HTTP/1.1`];
      for (const [name, value] of Object.entries(forwardedHeaders(incoming))) {
        for (const one of Array.isArray(value) ? value : [value]) if (one !== undefined) lines.push(`${name}: ${one}`);
      }
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      upstream.write(head);
      upstream.pipe(client).pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  // Idle client connections stay open longer than clients keep them (as nginx's 75 s): a client
  // never reuses a connection the balancer is closing at that moment.
  server.keepAliveTimeout = 75_000;
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    server,
    port,
    served,
    close: () =>
      new Promise<void>((closed) => {
        server.closeAllConnections();
        server.close(() => closed());
      }),
  };
}
