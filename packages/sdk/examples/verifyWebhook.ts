// A webhook receiver: accepts only deliveries signed with the endpoint's secret.
import { createServer } from 'node:http';
import { SIGNATURE_HEADER, verifyWebhook } from '@smartlock/sdk';

const secret = process.env.SMARTLOCK_WEBHOOK_SECRET ?? '';

const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const body = Buffer.concat(chunks);
    if (!verifyWebhook({ secret, signature: request.headers[SIGNATURE_HEADER] as string, body })) {
      response.writeHead(401).end();
      return;
    }
    const event = JSON.parse(body.toString('utf8')) as { type: string };
    console.log(`verified ${event.type}`);
    response.writeHead(204).end();
  });
});
server.listen(Number(process.env.PORT ?? 0), () => {
  const address = server.address();
  console.log(`listening on ${typeof address === 'object' && address ? address.port : address}`);
});
