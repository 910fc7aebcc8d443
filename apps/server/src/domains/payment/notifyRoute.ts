import type { FastifyInstance } from 'fastify';
import type { OrderPayments } from '../order/orderPayments';
import { ForgedNotification } from './paymentProvider';
import type { PaymentProviders } from './paymentProviders';

export const NOTIFY_PATH = '/api/payment/notify';

/**
 * Where payment providers send their server-to-server notifications: POST
 * /api/payment/notify/<provider>. The body is read as bytes (the signature covers them exactly),
 * checked by the provider, and applied once per event. A forged or stale notification gets 400
 * and changes nothing; one that cannot be applied now gets 500, so the provider sends it again.
 */
export async function registerPaymentNotifications(
  app: FastifyInstance,
  deps: { providers: PaymentProviders; payments: OrderPayments },
): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    scope.post<{ Params: { provider: string } }>(`${NOTIFY_PATH}/:provider`, async (request, reply) => {
      const provider = deps.providers.named(request.params.provider);
      if (!provider) return reply.code(404).send({ error: 'unknown provider' });
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      let event: Awaited<ReturnType<typeof provider.readNotification>>;
      try {
        event = await provider.readNotification({ headers: request.headers, rawBody });
      } catch (error) {
        if (!(error instanceof ForgedNotification)) throw error;
        request.log.warn({ provider: provider.name, reason: error.message }, 'payment notification refused');
        return reply.code(400).send({ error: 'invalid notification' });
      }
      const outcome = event ? await deps.payments.apply(provider, event) : 'ignored';
      if (outcome === 'mismatch') return reply.code(400).send({ error: 'amount or currency differs from the order' });
      return reply.code(provider.accepted.status).type(provider.accepted.contentType).send(provider.accepted.body);
    });
  });
}
