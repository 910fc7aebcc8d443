import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { brandOf, localeOf } from '../../../http/router';
import type { BrandRegistry } from '../../company/brands';
import { type CheckoutNotice, renderCheckoutPage } from './checkoutPage';
import { type CheckoutAction, SANDBOX_CHECKOUT_PATH, type SandboxProvider } from './sandboxProvider';

interface PaymentRequest {
  Params: { id: string; action?: string };
  Querystring: { lang?: string; notice?: string };
}

const ACTIONS: readonly CheckoutAction[] = ['pay', 'decline', 'cancel'];
const NOTICES: readonly CheckoutNotice[] = ['declined', 'expired'];

/**
 * The sandbox provider's hosted checkout (docs/payments.md): GET shows a payment, POST .../pay,
 * .../decline and .../cancel act on it. The payment's unguessable id is the capability; a paid or
 * cancelled payment sends the payer back to the merchant, a declined one to the page again.
 */
export function registerSandboxCheckout(
  app: FastifyInstance,
  deps: { sandbox: SandboxProvider; brands: BrandRegistry },
): void {
  const localeFor = (request: FastifyRequest<PaymentRequest>) =>
    localeOf(request, request.query.lang, brandOf(deps.brands, request, undefined));
  const send = (reply: FastifyReply, status: number, page: { html: string; csp: string }) =>
    reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', page.csp)
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer')
      .send(page.html);

  app.get<PaymentRequest>(`${SANDBOX_CHECKOUT_PATH}/:id`, async (request, reply) => {
    const payment = await deps.sandbox.payment(request.params.id);
    const notice = NOTICES.find((n) => n === request.query.notice);
    return send(reply, payment ? 200 : 404, renderCheckoutPage(payment, localeFor(request), notice));
  });

  app.post<PaymentRequest>(`${SANDBOX_CHECKOUT_PATH}/:id/:action`, async (request, reply) => {
    const action = ACTIONS.find((a) => a === request.params.action);
    const payment = action ? await deps.sandbox.payment(request.params.id) : undefined;
    const locale = localeFor(request);
    if (!action || !payment) return send(reply, 404, renderCheckoutPage(undefined, locale, 'notFound'));
    const outcome = await deps.sandbox.act(payment.id, action);
    if (outcome === 'paid' || outcome === 'cancelled')
      return reply.code(303).header('location', payment.returnUrl).send();
    const page = `${SANDBOX_CHECKOUT_PATH}/${encodeURIComponent(payment.id)}?lang=${locale}`;
    return reply
      .code(303)
      .header('location', outcome === 'declined' || outcome === 'expired' ? `${page}&notice=${outcome}` : page)
      .send();
  });
}
