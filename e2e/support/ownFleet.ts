import { expect, type Page } from '@playwright/test';
import { type FleetChild, startFleet } from './fleet';
import { LockListPage, registerAndLogIn } from './pages';

/**
 * A new owner with a fleet of its own (one gateway, one door lock, apps/devices): registers and
 * logs in, starts the fleet, waits for its lock in the lock list and runs `body` with the lock's
 * name on that list and the fleet (its layout, its stdin for control lines); the fleet stops
 * afterwards, whatever happened.
 */
export async function withOwnFleet(
  page: Page,
  site: (path: string, host?: string) => string,
  owner: string,
  password: string,
  body: (lockName: string, locks: LockListPage, fleet: FleetChild) => Promise<void>,
): Promise<void> {
  await registerAndLogIn(page, site, owner, password);
  const fleet = await startFleet(site(''), owner, password);
  try {
    const locks = new LockListPage(page);
    await page.goto(site('/console/home'));
    await expect(locks.rows()).toHaveCount(1, { timeout: 30_000 });
    const lockName = ((await locks.rows().first().getByTestId('lock-link').textContent()) ?? '').trim();
    await body(lockName, locks, fleet);
  } finally {
    fleet.kill('SIGTERM');
  }
}
