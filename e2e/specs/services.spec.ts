import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, shot, test } from '../support/fixtures';
import { choose, LockListPage, logInAsDemo, pickOption } from '../support/pages';
import { product } from '../support/product';

const SMS = 1;
const LOCK = 'Door G1-1';

/** The SMS units the services page shows. */
async function smsBalance(page: Page): Promise<number> {
  const text = (await page.getByTestId(`service-balance-${SMS}`).textContent()) ?? '';
  return Number(text.replace(/\D/g, ''));
}

/** The SMS messages the product kept in its outbox for a number, as its log shows them. */
function outboxTo(mobile: string): string[] {
  return readFileSync(product().logFile, 'utf8')
    .split('\n')
    .filter((line) => line.includes('message kept in the outbox'))
    .map((line) => JSON.parse(line) as { to?: string; body?: string; channel?: string })
    .filter((entry) => entry.to === mobile && entry.channel === 'sms')
    .map((entry) => entry.body ?? '');
}

test('an owner buys SMS through the sandbox checkout, writes an SMS template and sends a passcode with it: the balance rises, then falls, and the message is in the outbox', async ({
  page,
  site,
}) => {
  test.setTimeout(360_000);
  const stamp = Date.now().toString(36);
  const mobile = `+61412${String(Date.now()).slice(-6)}`;
  await logInAsDemo(page, site);

  // Buy 100 SMS: the checkout opens in its own window, the payment comes back, the balance rises.
  await page.goto(site('/account/service'));
  await expect(page.getByTestId(`service-balance-${SMS}`)).toBeVisible();
  const before = await smsBalance(page);
  await page.getByTestId(`service-buy-${SMS}`).click();
  await choose(page, 'purchase-package-100');
  await choose(page, 'purchase-method-3');
  await expect(page.getByTestId('purchase-total')).toHaveText('$2.00');
  const popup = page.waitForEvent('popup');
  await page.getByTestId('purchase-pay').click();
  const checkout = await popup;
  await expect(checkout.getByTestId('sandbox-amount')).toHaveText('$2.00');
  await expect(checkout.getByTestId('sandbox-banner')).toBeVisible();
  await shot(checkout, 'sandbox-checkout');
  await checkout.getByTestId('sandbox-pay').click();
  await expect(checkout.getByTestId('order-result')).toHaveAttribute('data-result', 'success');
  await expect(page.getByTestId('payment-result')).toHaveAttribute('data-result', 'success');
  await shot(page, 'payment-success');
  await checkout.close();
  await page.getByTestId('payment-done').click();
  await expect.poll(() => smsBalance(page)).toBe(before + 100);
  await shot(page, 'services-after-purchase');

  // The purchase is in the records, paid, and could be refunded.
  await page.goto(site('/account/record'));
  const order = page.getByTestId('order-row').first();
  await expect(order).toContainText('SMS × 100');
  await expect(order.getByTestId('order-status')).toHaveText('Paid');
  await expect(order.getByTestId('order-refund')).toBeVisible();

  // An SMS template for passcode notices, checked and previewed as it is written.
  await page.goto(site('/account/smsTmpl'));
  const name = `Check-in ${stamp}`;
  await page.getByTestId('template-new').click();
  await page.getByTestId('template-name').fill(name);
  await page.getByTestId('template-content').fill('Welcome! Your passcode is {passcode}.');
  await expect(page.getByTestId('template-dialog').getByText('Missing: {room}.')).toBeVisible();
  await page.getByTestId('template-content').fill('Welcome to {room}! Your passcode is {passcode}, valid {time}.');
  await expect(page.getByTestId('template-preview-text')).toContainText('Welcome to 101! Your passcode is 362514');
  await shot(page, 'sms-template-editor');
  await page.getByTestId('template-save').click();
  await expect(page.getByTestId('template-row').filter({ hasText: name })).toBeVisible();

  // A permanent passcode, sent by SMS with the template.
  await page.goto(site('/console/home'));
  await new LockListPage(page).openLock(LOCK);
  const lockId = new URL(page.url()).searchParams.get('lockId');
  await page.goto(site(`/manage/issuePasscode?lockId=${lockId}`));
  await choose(page, 'passcode-kind-permanent');
  await page.getByTestId('issue-passcode-submit').click();
  await expect(page.getByTestId('passcode-sent')).toBeVisible({ timeout: 30_000 });
  const digits = ((await page.getByTestId('passcode-big-digits').textContent()) ?? '').replace(/\D/g, '');
  await page.getByTestId('passcode-notice-channel').getByText('SMS').click();
  await page.getByTestId('passcode-notice-receiver').fill(mobile.slice(3));
  await page.getByTestId('notice-template-sms').click();
  await pickOption(page, name);
  await shot(page, 'passcode-notice-with-template');
  await page.getByTestId('passcode-notice-submit').click();
  await expect(page.getByText('The notice has been sent by SMS.')).toBeVisible();

  // The message went out in the template's words, and one unit was used.
  await expect.poll(() => outboxTo(mobile)).toHaveLength(1);
  expect(outboxTo(mobile)[0]).toMatch(new RegExp(`^Welcome to ${LOCK}! Your passcode is ${digits}, valid .+\\.$`));
  await page.goto(site('/account/service'));
  await expect.poll(() => smsBalance(page)).toBe(before + 99);
});

test('a blocked payment window is said so, and the payer opens the checkout from the link; a declined payment can be tried again', async ({
  page,
  site,
}) => {
  test.setTimeout(240_000);
  await page.addInitScript(() => {
    // The browser's pop-up blocker: windows opened by script get nothing.
    window.open = () => null;
  });
  await logInAsDemo(page, site);
  await page.goto(site('/account/service'));
  await page.getByTestId('service-buy-4').click();
  await choose(page, 'purchase-package-100');
  await page.getByTestId('purchase-pay').click();
  await expect(page.getByTestId('payment-popup-blocked')).toContainText('The pop-up window was blocked');
  await shot(page, 'payment-popup-blocked');
  const opened = page.waitForEvent('popup');
  await page.getByTestId('payment-open-link').click();
  const checkout = await opened;
  await checkout.getByTestId('sandbox-decline').click();
  await expect(checkout.getByTestId('sandbox-notice')).toHaveAttribute('data-notice', 'declined');
  await expect(page.getByTestId('payment-result')).toHaveAttribute('data-result', 'failed');
  await expect(page.getByTestId('payment-result')).toContainText('Payment failed.');
  await checkout.getByTestId('sandbox-pay').click();
  await expect(page.getByTestId('payment-result')).toHaveAttribute('data-result', 'success');
  await checkout.close();
});
