import { type DataOf, type OrderItem, order } from '@smartlock/contract';
import { expect } from 'vitest';
import type { TestClient, TestServer } from './harness';
import { dataOf } from './reply';

export type Checkout = DataOf<typeof order.create>;

/** Orders through the API; the reply must be a checkout. */
export async function buy(client: TestClient, params: Record<string, string | number>): Promise<Checkout> {
  const reply = await client.callRaw(order.create, params);
  expect(reply.body.errorCode, JSON.stringify(reply.body)).toBe(0);
  return dataOf(reply);
}

/** What the payer does on the sandbox's checkout page (a form POST, as the browser sends it). */
export async function atCheckout(server: TestServer, checkoutUrl: string, action: 'pay' | 'decline' | 'cancel') {
  const [path, query] = checkoutUrl.split('?');
  const response = await server.app.inject({
    method: 'POST',
    url: `${path}/${action}?${query ?? ''}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  return { status: response.statusCode, location: String(response.headers.location ?? ''), body: response.body };
}

/** The order as its owner reads it, once `until` holds (the provider's notification may still be on its way). */
export async function orderWhen(
  client: TestClient,
  orderNo: string,
  until: (order: OrderItem, result: string) => boolean,
  timeoutMs = 8000,
): Promise<{ order: OrderItem; result: string }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const reply = await client.call(order.detail, { orderNo });
    expect(reply.body.errorCode, JSON.stringify(reply.body)).toBe(0);
    const data = dataOf(reply);
    if (until(data.order, data.result)) return data;
    if (Date.now() > deadline) throw new Error(`order ${orderNo} stayed ${JSON.stringify(data)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
