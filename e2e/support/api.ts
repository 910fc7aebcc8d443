import type { Page } from '@playwright/test';
import type { CallRef, DataOf } from '@smartlock/contract';
import { type AppCredentials, type ParamsArg, RequestSigner, type WireParams } from '@smartlock/contract/client';

const signer = new RequestSigner();
const apps = new Map<string, AppCredentials>();

/** The console's app id and secret as this site serves them to browsers (/app-config.json). */
async function appOf(page: Page, base: string): Promise<AppCredentials> {
  const known = apps.get(base);
  if (known) return known;
  const config = (await (await page.request.get(`${base}/app-config.json`)).json()) as {
    appId: string;
    appSecret: string;
  };
  const app = { appId: config.appId, secret: config.appSecret };
  apps.set(base, app);
  return app;
}

/**
 * Makes a call as the page's browser would (its context's cookies and headers, so a login here
 * signs the page in too), signed as the console; its data, or an error naming the refusal.
 */
export async function callAsPage<C extends CallRef>(
  page: Page,
  base: string,
  call: C,
  ...[params]: ParamsArg<C>
): Promise<DataOf<C>> {
  const fields = await signer.sign(call.path, (params ?? {}) as WireParams, await appOf(page, base));
  const url = `${base}/api${call.path}`;
  const response =
    call.method === 'GET'
      ? await page.request.get(url, { params: fields })
      : await page.request.post(url, { form: fields });
  const reply = (await response.json()) as { errorCode: number; errorMsg: string; description: string; data: unknown };
  if (reply.errorCode !== 0) {
    throw new Error(`${call.path}: ${reply.errorCode} ${reply.errorMsg} (${reply.description})`);
  }
  return reply.data as DataOf<C>;
}
