import { expect, shot, test, uniqueEmail } from '../support/fixtures';
import { registerAndLogIn } from '../support/pages';

const PASSWORD = 'Developer#2026';

/** Lists the account's locks with an API key alone: no cookie, no signature. */
async function listLocksWithKey(page: import('@playwright/test').Page, key: string) {
  return page.evaluate(async (secret) => {
    const reply = await fetch('/api/lock/list?pageNo=1&pageSize=20', {
      credentials: 'omit',
      headers: { authorization: `Bearer ${secret}` },
    });
    return { status: reply.status, body: await reply.json(), limit: reply.headers.get('ratelimit-limit') };
  }, key);
}

test('an API key made on the Developer page lists the locks, shows its use, and is refused once revoked', async ({
  page,
  site,
}) => {
  await registerAndLogIn(page, site, uniqueEmail('developer'), PASSWORD);
  await page.goto(site('/account/developer'));
  await page.getByTestId('api-key-new').click();
  await page.getByTestId('api-key-name').fill('Home Assistant');
  await page.getByTestId('api-key-create-submit').click();
  const secret = (await page.getByTestId('api-key-secret-value').locator('code').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^slk_[A-Za-z0-9_-]{43}$/);
  await page.getByTestId('api-key-secret-done').click();

  const listed = await listLocksWithKey(page, secret);
  expect(listed).toMatchObject({ status: 200, body: { errorCode: 0, data: { list: [], total: 0 } } });
  expect(Number(listed.limit)).toBeGreaterThan(0);

  // The page shows the call once it reads the keys again.
  await page.reload();
  const row = page.getByTestId('api-key-table').locator('tr', { hasText: 'Home Assistant' });
  await expect(row.locator('[data-testid^="api-key-calls-"]')).toHaveText('1');
  await shot(page, 'developer');

  await row.getByRole('button', { name: /Revoke/ }).click();
  await page.getByTestId('api-key-revoke-confirm').click();
  await expect(row).toHaveCount(0);
  expect((await listLocksWithKey(page, secret)).body.errorCode).toBe(30040);
});
