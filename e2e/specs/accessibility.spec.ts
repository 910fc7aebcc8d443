import { mkdirSync, writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { RecordQueryType } from '@smartlock/contract';
import { axeViolations } from '../support/axe';
import { expect, settled, test } from '../support/fixtures';
import { DEMO, LoginPage } from '../support/pages';
import { routeTable, type TableRoute } from '../support/routes';

/** WCAG 2.2 A and AA (axe's tags); critical and serious findings fail. */
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const FAILING = new Set(['critical', 'serious']);

interface Finding {
  rule: string;
  impact: string;
  help: string;
  target: string;
  html: string;
}

/**
 * How long a screen may take to be ready before it counts as never ready: a bound against a hang,
 * with room for the big screen's map on two cores busy with everything else (it once took over 60 s).
 */
const READY_MS = 120_000;

/**
 * Waits until the screen has its data: no spinner, skeleton or loading status left (a screen that
 * goes elsewhere at once, such as the access-token check, has gone), animations ended.
 */
async function ready(page: Page, console: boolean): Promise<void> {
  if (console) await page.getByTestId('breadcrumb').waitFor({ timeout: READY_MS });
  else await page.locator('#root > *').first().waitFor({ timeout: READY_MS });
  // Ant Design's spinners and skeletons, and the console's own turning ring (components/Loading).
  const busy = page.locator('.ant-spin-spinning, .ant-skeleton-active, [role="status"]:has(animateTransform)');
  await expect(busy).toHaveCount(0, { timeout: READY_MS });
  await settled(page);
}

/**
 * Opens a route within the running console, as its own links do (the history API and the
 * router), instead of loading the page again: then waits for that route's screen (a fresh
 * `data-route` element, app/RouteFrame.tsx).
 */
async function openInApp(page: Page, url: string): Promise<void> {
  const moved = await page.evaluate((to) => {
    if (`${location.pathname}${location.search}` === to) return false;
    for (const element of Array.from(document.querySelectorAll('[data-route]'))) element.setAttribute('data-left', '');
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
    return true;
  }, url);
  if (moved) {
    await expect(page.locator('[data-route]:not([data-left])').first(), `the screen of ${url}`).toBeAttached({
      timeout: 60_000,
    });
  }
}

/**
 * What a brand changes is its look: colours, logo and name. The first brand is audited with every
 * WCAG rule; another brand on the same screens with the rules its look can break.
 */
const BRAND_RULES = [
  'color-contrast',
  'link-in-text-block',
  'image-alt',
  'role-img-alt',
  'svg-img-alt',
  'document-title',
];

/**
 * Runs axe on the page as it is (every WCAG 2.2 AA rule, or only `rules`); answers the critical
 * and serious findings, one per node.
 */
async function audit(page: Page, rules?: string[]): Promise<Finding[]> {
  const violations = await axeViolations(page, rules ? { rules } : { tags: WCAG });
  return violations
    .filter((v) => FAILING.has(v.impact ?? ''))
    .flatMap((v) =>
      v.nodes.map((node) => ({
        rule: v.id,
        impact: v.impact ?? '',
        help: v.help,
        target: node.target.join(' '),
        html: node.html.replace(/\s+/g, ' ').slice(0, 160),
      })),
    );
}

/** The page's structure a screen reader user relies on: one h1. */
async function structure(page: Page): Promise<Finding[]> {
  const h1 = await page.locator('h1').count();
  if (h1 === 1) return [];
  return [
    { rule: 'one-h1', impact: 'serious', help: `the page has ${h1} h1 elements, not one`, target: 'h1', html: '' },
  ];
}

type Report = Record<string, { critical: number; serious: number; findings: Finding[] }>;

function readable(brand: string, report: Report): string {
  const lines: string[] = [];
  for (const [route, { findings }] of Object.entries(report)) {
    if (findings.length === 0) continue;
    lines.push(`${brand} ${route}:`);
    for (const f of findings) lines.push(`  [${f.impact}] ${f.rule} (${f.help}) at ${f.target}\n      ${f.html}`);
  }
  return lines.join('\n');
}

function save(brand: string, report: Report): void {
  mkdirSync('output', { recursive: true });
  writeFileSync(`output/accessibility-${brand}.json`, JSON.stringify(report, null, 2));
}

/** The URL to open a route with: a demo lock, and what the route cannot do without. */
function urlOf(route: TableRoute, lockId: string, ids: Record<string, string>): string {
  const query = new URLSearchParams();
  if (route.lockId) query.set('lockId', lockId);
  if (route.requires.includes('queryType')) query.set('queryType', String(RecordQueryType.all));
  else {
    const needed = route.requires.find((name) => ids[name]);
    if (needed) query.set(needed, ids[needed] as string);
  }
  const search = query.toString();
  return search ? `${route.path}?${search}` : route.path;
}

/**
 * The screens another brand is audited on: every public screen (each styled on its own), and the
 * console's screens that between them show every kind of element a brand's colours reach (the
 * menu, primary and link buttons, tables, tags and badges, tabs, forms with radio buttons,
 * switches, checkboxes and selects, cards, alerts). The console's other screens are built of
 * these same elements in the same colours; the first brand audits every one of them.
 */
const BRAND_CONSOLE_SCREENS = [
  '/console/home',
  '/manage/ekey',
  '/manage/issuePasscode',
  '/manage/passageMode',
  '/manage/records',
  '/account/info',
  '/plug/home',
  '/lockUser/home',
  '/alert/list',
  '/auth/create',
];

const BRANDS = ['localhost', 'harbor.localhost'];

for (const host of BRANDS) {
  const rules = host === BRANDS[0] ? undefined : BRAND_RULES;
  const what = rules
    ? `every public screen and a console screen of each kind on ${host} pass axe's rules a brand's look can break`
    : `every route on ${host} passes axe's WCAG 2.2 AA rules`;
  test(`${what} with no critical or serious finding`, async ({ page, site }) => {
    test.setTimeout(1_200_000);
    const table = routeTable();
    // A screen renamed or gone from the route table fails here, not silently.
    for (const path of BRAND_CONSOLE_SCREENS) expect(table.map((r) => r.path)).toContain(path);
    const routes = rules ? table.filter((r) => r.public || BRAND_CONSOLE_SCREENS.includes(r.path)) : table;
    const report: Report = {};
    const record = (key: string, findings: Finding[]) => {
      report[key] = {
        critical: findings.filter((f) => f.impact === 'critical').length,
        serious: findings.filter((f) => f.impact === 'serious').length,
        findings,
      };
      // Written as it goes, so a run cut short still tells what it found.
      save(host, report);
    };
    /** Audits the page once it is ready; a page that never gets ready is a finding, and the run goes on. */
    const check = async (key: string, console: boolean) => {
      try {
        await ready(page, console);
      } catch (error) {
        const help = `the page did not finish loading: ${String(error).split('\n')[0]}`;
        record(key, [{ rule: 'not-ready', impact: 'serious', help, target: page.url(), html: '' }]);
        return;
      }
      record(key, [...(await audit(page, rules)), ...(await structure(page))]);
    };

    // Public routes, signed out, and the 404 page: one page load, then the console's own navigation.
    await page.goto(site('/login', host));
    await ready(page, false);
    for (const route of routes.filter((r) => r.public)) {
      await openInApp(page, route.path);
      await check(route.path, false);
    }
    await page.goto(site('/no-such-page', host));
    // The not-found screen is loaded when asked for: audited once it is there.
    await page.getByTestId('not-found').waitFor({ timeout: READY_MS });
    await check('404', false);

    // One login; every console route, lock routes with a demo lock.
    await page.goto(site('/login', host));
    await new LoginPage(page).logIn(DEMO.account, DEMO.password);
    await expect(page).toHaveURL(/\/console\/home$/);
    const lockLink = page.getByTestId('lock-link').first();
    await lockLink.waitFor({ timeout: 60_000 });
    const lockId = new URL((await lockLink.getAttribute('href')) ?? '', site('/')).searchParams.get('lockId') ?? '';
    expect(lockId).toMatch(/^[1-9]\d*$/);
    const ids: Record<string, string> = {};
    // The routes that show a credential come after the lists their ids are read from.
    const console = routes.filter((r) => !r.public).sort((a, b) => a.requires.length - b.requires.length);
    for (const route of console) {
      await openInApp(page, urlOf(route, lockId, ids));
      await check(route.path, true);
      if (route.path === '/manage/ekey' || route.path === '/manage/passcode') {
        const first = page.locator('.ant-table-tbody tr[data-row-key]').first();
        const key = (await first.count()) ? await first.getAttribute('data-row-key') : null;
        if (key) ids[route.path === '/manage/ekey' ? 'keyId' : 'keyboardPwdId'] = key;
      }
    }

    save(host, report);
    const text = readable(host, report);
    expect(text, `critical and serious accessibility findings on ${host}:\n${text}`).toBe('');
  });
}

test('the audit reports what it is shown: a picture with no text and grey-on-white text, once loaded and again after moving on', async ({
  page,
  site,
}) => {
  await page.goto(site('/login'));
  await ready(page, false);
  expect(await audit(page)).toEqual([]);
  const plant = () =>
    page.evaluate(() => {
      const image = document.createElement('img');
      image.src = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
      image.dataset.planted = '';
      const faint = document.createElement('p');
      faint.dataset.planted = '';
      faint.textContent = 'faint';
      faint.style.cssText = 'color:#cccccc;background:#ffffff';
      document.querySelector('main')?.append(image, faint);
    });
  await plant();
  expect((await audit(page)).map((f) => f.rule).sort()).toEqual(['color-contrast', 'image-alt']);
  // axe stays loaded across the console's own navigation; a brand's rules still see both.
  await page.evaluate(() => {
    for (const planted of Array.from(document.querySelectorAll('[data-planted]'))) planted.remove();
  });
  await openInApp(page, '/regist');
  await ready(page, false);
  expect(await audit(page, BRAND_RULES)).toEqual([]);
  await plant();
  expect((await audit(page, BRAND_RULES)).map((f) => f.rule).sort()).toEqual(['color-contrast', 'image-alt']);
});

test('a table that overflows its room is a tab stop, and stops being one when it fits again', async ({
  page,
  site,
}) => {
  await page.goto(site('/login'));
  await new LoginPage(page).logIn(DEMO.account, DEMO.password);
  await expect(page).toHaveURL(/\/console\/home$/);
  const href = await page.getByTestId('lock-link').first().getAttribute('href');
  const lockId = new URL(href ?? '', site('/')).searchParams.get('lockId');
  await page.goto(site(`/manage/records?lockId=${lockId}&queryType=${RecordQueryType.all}`));
  const scroller = page.locator('.ant-table-content').first();
  await scroller.locator('table').waitFor();
  // A table wider than its room (long values) scrolls inside itself.
  await scroller.locator('table').evaluate((table: HTMLElement) => {
    table.style.width = '3000px';
  });
  await expect(scroller).toHaveAttribute('tabindex', '0');
  // Given room for all of it (whatever the records are), it scrolls no more.
  await scroller.evaluate((region: HTMLElement) => {
    region.style.width = '3200px';
  });
  await expect(scroller).not.toHaveAttribute('tabindex', '0');
});
