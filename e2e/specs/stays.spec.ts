import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { axeViolations } from '../support/axe';
import { expect, shot, test, uniqueEmail } from '../support/fixtures';
import { keypadOpens, loseCode } from '../support/fleet';
import { withOwnFleet } from '../support/ownFleet';
import { pickOption } from '../support/pages';

const PASSWORD = 'Console#2026';
const HOUR = 3_600_000;

/** A calendar feed in Vrbo's style: date-times in UTC, the guest in the summary. */
function calendar(stays: { uid: string; guest: string; from: number; to: number }[]): string {
  const stamp = (ms: number) =>
    new Date(ms)
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
  const events = stays.flatMap((s) => [
    'BEGIN:VEVENT',
    `UID:${s.uid}`,
    'DTSTAMP:20260101T000000Z',
    `DTSTART:${stamp(s.from)}`,
    `DTEND:${stamp(s.to)}`,
    `SUMMARY:Reserved - ${s.guest}`,
    'END:VEVENT',
  ]);
  return [
    ...['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Smartlock e2e//Stays//EN'],
    ...events,
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

test('a lock subscribed to a calendar feed: two stays give two codes; a stay removed from the feed loses its code at the next read; a code lost by the lock is found and restored', async ({
  page,
  site,
}) => {
  test.setTimeout(180_000);
  const now = Math.floor(Date.now() / 60_000) * 60_000;
  const anna = { uid: 'stay-anna@e2e', guest: 'Anna Weber', from: now - HOUR, to: now + 48 * HOUR };
  const ben = { uid: 'stay-ben@e2e', guest: 'Ben Ode', from: now - 2 * HOUR, to: now + 24 * HOUR };
  let body = calendar([anna, ben]);
  const feed = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' }).end(body);
  });
  await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(feed.address() as AddressInfo).port}/listing.ics`;
  try {
    await withOwnFleet(page, site, uniqueEmail('stays'), PASSWORD, async (lockName, locks, fleet) => {
      const lockMac = fleet.layout?.[0]?.locks[0]?.mac ?? '';
      await page.getByRole('menuitem', { name: 'Stays' }).click();
      await expect(page).toHaveURL(/\/stays$/);
      await expect(page.getByTestId('stay-feeds-empty')).toBeVisible();

      await page.getByTestId('stay-feed-add').click();
      await page.getByLabel('Lock', { exact: true }).click();
      await pickOption(page, lockName);
      await page.getByLabel('Feed address (iCalendar)').fill(url);
      await page.getByLabel('Name (optional)').fill('Harbour flat');
      await shot(page, 'stays-add-en');
      await page.getByTestId('stay-feed-save').click();

      // Read at once: two stays, each with its code on the lock.
      await expect(page.getByTestId('stay-feed-state')).toHaveAttribute('data-state', 'ok');
      const codes = page.getByTestId('stay-code');
      await expect(codes).toHaveCount(2);
      await expect(codes.first()).toHaveAttribute('data-standing', 'onLock', { timeout: 30_000 });
      await expect(codes.nth(1)).toHaveAttribute('data-standing', 'onLock', { timeout: 30_000 });
      await expect(page.getByTestId('stay-guest')).toHaveText(['Ben Ode', 'Anna Weber']);
      const digits = await page.getByTestId('stay-code-digits').allTextContents();
      expect(digits).toHaveLength(2);
      for (const code of digits) expect(await keypadOpens(fleet, lockMac, code)).toBe(true);
      await shot(page, 'stays-page-en');
      const findings = await axeViolations(page, { tags: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] });
      expect(findings.filter((f) => f.impact === 'critical' || f.impact === 'serious').map((f) => f.id)).toEqual([]);

      // Ben's stay leaves the feed: "Read now" revokes his code on the lock.
      body = calendar([anna]);
      await page.getByTestId('stay-feed-read').click();
      const benRow = page.getByRole('row').filter({ hasText: 'Ben Ode' });
      await expect(benRow.getByTestId('stay-state')).toHaveAttribute('data-state', 'cancelled');
      await expect(benRow.getByTestId('stay-code')).toHaveAttribute('data-standing', 'removed', { timeout: 30_000 });
      const annaRow = page.getByRole('row').filter({ hasText: 'Anna Weber' });
      await expect(annaRow.getByTestId('stay-code')).toHaveAttribute('data-standing', 'onLock');
      const [benCode, annaCode] = digits;
      expect(await keypadOpens(fleet, lockMac, benCode as string)).toBe(false);
      expect(await keypadOpens(fleet, lockMac, annaCode as string)).toBe(true);

      // Anna's code vanishes from the lock behind the product's back: checking the lock finds it
      // missing and sends it again, and it opens the door once more.
      await loseCode(fleet, lockMac, annaCode as string);
      expect(await keypadOpens(fleet, lockMac, annaCode as string)).toBe(false);
      await page.goto(site('/console/home'));
      await locks.openLock(lockName);
      await page.getByTestId('tab-passcode').click();
      await page.getByTestId('sync-reconcile').click();
      await expect(page.getByTestId('sync-report')).toHaveAttribute('data-outcome', 'read', { timeout: 30_000 });
      await expect(page.getByTestId('sync-report-missing')).toContainText(annaCode as string);
      const annaPasscode = page.getByRole('row').filter({ hasText: 'Anna Weber' });
      await expect(annaPasscode.getByTestId('sync-state')).toHaveAttribute('data-state', 'onLock', { timeout: 30_000 });
      await shot(page, 'stays-drift-restored-en');
      expect(await keypadOpens(fleet, lockMac, annaCode as string)).toBe(true);
    });
  } finally {
    await new Promise((resolve) => feed.close(resolve));
  }
});
