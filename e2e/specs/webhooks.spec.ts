import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { axeViolations } from '../support/axe';
import { expect, shot, test, uniqueEmail } from '../support/fixtures';
import { withOwnFleet } from '../support/ownFleet';
import { GatewayPage } from '../support/pages';

const PASSWORD = 'Console#2026';
const ROOT = join(import.meta.dirname, '..', '..');

/** The signature check exactly as docs/integrations.md publishes it. */
type Verify = (secret: string, header: string, rawBody: string) => boolean;
function documentedVerify(): Verify {
  const page = readFileSync(join(ROOT, 'docs/integrations.md'), 'utf8');
  const code = /```js\n([\s\S]*?)```/.exec(page.slice(page.indexOf('## Webhooks')))?.[1] ?? '';
  return new Function('require', `${code}\nreturn verifySmartlockSignature;`)(createRequire(import.meta.url)) as Verify;
}

test('a webhook added in the console receives a remote unlock, signed as the docs say', async ({ page, site }) => {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  try {
    await withOwnFleet(page, site, uniqueEmail('webhooks'), PASSWORD, async () => {
      await page.goto(site('/account/developer'));
      await page.getByTestId('webhook-add').click();
      await page.getByLabel('Address (URL)').fill(url);
      await page.getByTestId('webhook-event-remoteOperation.result').check();
      await shot(page, 'webhooks-add-en');
      await page.getByTestId('webhook-save').click();
      const secret = ((await page.getByTestId('webhook-secret').textContent()) ?? '').trim();
      expect(secret).toMatch(/^whsec_/);
      await page.keyboard.press('Escape');

      await page.goto(site('/plug/home'));
      const gateways = new GatewayPage(page);
      await gateways.openLocks('Gateway 1');
      expect(await gateways.run(gateways.lock('Door'), 'unlock')).toBe('success');

      await expect.poll(() => received.length, { timeout: 15_000 }).toBeGreaterThan(0);
      const [delivery] = received;
      expect(delivery?.headers['smartlock-event']).toBe('remoteOperation.result');
      expect(JSON.parse(delivery?.body ?? '{}')).toMatchObject({ data: { operation: 'unlock', outcome: 'success' } });
      const verify = documentedVerify();
      expect(verify(secret, String(delivery?.headers['smartlock-signature']), delivery?.body ?? '')).toBe(true);

      await page.goto(site('/account/developer'));
      await page.getByRole('button', { name: 'Delivery log' }).click();
      await expect(page.getByTestId('webhook-delivery-status').first()).toHaveAttribute('data-status', 'delivered');
      await page.getByTestId('webhook-log').scrollIntoViewIfNeeded();
      await shot(page, 'webhooks-section-en');
      // The section with an endpoint and its log open: no critical or serious WCAG 2.2 AA finding.
      const findings = await axeViolations(page, {
        tags: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'],
      });
      expect(findings.filter((f) => f.impact === 'critical' || f.impact === 'serious').map((f) => f.id)).toEqual([]);
    });
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
});
