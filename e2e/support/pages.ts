import { type Cookie, expect, type Locator, type Page } from '@playwright/test';
import { user, ValidationCodeType } from '@smartlock/contract';
import { callAsPage } from './api';
import { latestCode } from './fixtures';

/**
 * Chooses an email address as the account in a form (the login, a transfer's receiver): once the
 * form is there, and only where the brand takes both kinds of account (mobile first, email second).
 */
async function useEmailAccount(form: Page | Locator): Promise<void> {
  await form.getByTestId('account').waitFor();
  const kinds = form.getByRole('radiogroup').locator('label');
  if ((await kinds.count()) === 0) return;
  await kinds.nth(1).click();
  await expect(form.getByRole('radio').nth(1)).toBeChecked();
}

/** The login screen. */
export class LoginPage {
  constructor(private readonly page: Page) {}

  useEmail(): Promise<void> {
    return useEmailAccount(this.page);
  }

  async logIn(email: string, password: string): Promise<void> {
    await this.useEmail();
    await this.page.getByTestId('account').fill(email);
    await this.page.getByTestId('password').fill(password);
    await this.page.getByTestId('login-submit').click();
  }
}

/** The registration screen, with the code read from the outbox. */
export class RegisterPage {
  constructor(private readonly page: Page) {}

  async register(email: string, password: string): Promise<void> {
    await new LoginPage(this.page).useEmail();
    await this.page.getByTestId('account').fill(email);
    await this.page.getByTestId('send-code').click();
    await this.page.getByTestId('validation-code').fill(await latestCode(email));
    await this.page.getByTestId('password').fill(password);
    await this.page.getByTestId('confirm-password').fill(password);
    await this.page.getByTestId('agreement').check();
    await this.page.getByTestId('register-submit').click();
  }
}

/** The authenticated frame. */
export class ConsoleFrame {
  constructor(private readonly page: Page) {}

  async logOut(): Promise<void> {
    await this.page.getByTestId('account-menu').click();
    await this.page.getByTestId('logout').click();
  }
}

/**
 * A new account, registered through the API (the code read from the outbox) and not logged in:
 * an account a test needs beside the one it signs in with (a transfer's receiver).
 */
export async function registerAccount(
  page: Page,
  site: (path: string, host?: string) => string,
  email: string,
  password: string,
): Promise<void> {
  const base = site('');
  await callAsPage(page, base, user.sendValidationCode, { account: email, type: ValidationCodeType.register });
  const validationCode = await latestCode(email);
  await callAsPage(page, base, user.register, { account: email, password, validationCode, agreement: 1 });
}

/**
 * A new account, registered and logged in; the page ends on the console home. Registration and
 * login go through the API on the page's own browser context (the session cookie lands in the
 * browser), unless `throughConsole`: then through the console's screens, for a test whose subject
 * they are (the login form remembers its account type), and on another brand's host name (the
 * test runner cannot resolve `*.localhost` as the browser does).
 */
export async function registerAndLogIn(
  page: Page,
  site: (path: string, host?: string) => string,
  email: string,
  password: string,
  host?: string,
  options: { throughConsole?: boolean } = {},
) {
  if (options.throughConsole || (host !== undefined && host !== 'localhost')) {
    await page.goto(site('/regist', host));
    await new RegisterPage(page).register(email, password);
    await expect(page).toHaveURL(/\/registSuccess$/);
    await page.goto(site('/login', host));
    await new LoginPage(page).logIn(email, password);
  } else {
    await registerAccount(page, site, email, password);
    await callAsPage(page, site(''), user.login, { account: email, password });
    await page.goto(site('/console/home', host));
  }
  // Signed in once the console is there (the login call has its answer).
  await expect(page).toHaveURL(/\/console\/home$/);
}

/** How a remote operation on a lock ended, as the lock's status says. */
export type OperationEnd = 'success' | 'failed' | 'noRetry' | 'timedOut' | 'startFailed';
const ENDED = ['success', 'failed', 'noRetry', 'timedOut', 'startFailed']
  .map((phase) => `[data-testid="operation-status"][data-phase="${phase}"]`)
  .join(',');

/** The gateway screen (plug/home): the list, a gateway's locks and their remote actions. */
export class GatewayPage {
  constructor(private readonly page: Page) {}

  row(name: string): Locator {
    return this.page.getByTestId('gateway-table').locator('tr', { hasText: name });
  }

  emptyState(): Locator {
    return this.page.getByTestId('gateways-empty');
  }

  async openLocks(gatewayName: string): Promise<Locator> {
    await this.row(gatewayName).getByTestId('gateway-locks').click();
    const drawer = this.page.getByTestId('gateway-locks-drawer');
    await drawer.getByTestId('gateway-lock').first().waitFor();
    return drawer;
  }

  lock(name: string): Locator {
    return this.page.getByTestId('gateway-lock').filter({ hasText: name });
  }

  /** Starts an action on a lock (unlock, lock, queryDate, ...), confirming what opens it, and waits for its end. */
  async run(lock: Locator, action: string): Promise<OperationEnd> {
    await lock.getByTestId(`remote-${action}`).click();
    if (action === 'unlock' || action === 'lower') await this.page.getByTestId('remote-confirm').click();
    const status = lock.locator(ENDED);
    await status.waitFor({ timeout: 45_000 });
    return (await status.getAttribute('data-phase')) as OperationEnd;
  }

  /** Transfers a gateway to an email account, confirmed with the password and the code sent to the caller. */
  async transfer(gatewayName: string, receiver: string, password: string, code: () => Promise<string>): Promise<void> {
    await this.row(gatewayName).getByTestId('gateway-more').click();
    await this.page.getByTestId('gateway-transfer').click();
    const dialog = this.page.getByRole('dialog');
    await useEmailAccount(dialog);
    await dialog.getByTestId('account').fill(receiver);
    await dialog.getByTestId('transfer-password').fill(password);
    await dialog.getByTestId('send-code').click();
    await expect(dialog.getByTestId('send-code')).toBeDisabled();
    await dialog.getByTestId('validation-code').fill(await code());
    await dialog.getByTestId('transfer-submit').click();
  }

  async rename(gatewayName: string, newName: string): Promise<void> {
    await this.row(gatewayName).getByTestId('gateway-more').click();
    await this.page.getByTestId('gateway-rename').click();
    await this.page.getByTestId('gateway-name').fill(newName);
    await this.page.getByTestId('rename-submit').click();
  }
}

/** Picks an option by its text in the Ant Design select that is open now. */
export async function pickOption(page: Page, text: string | RegExp): Promise<void> {
  await page.locator('.ant-select-dropdown:visible').getByText(text).first().click();
}

/** The console home (console/home): the lock list with its filters. */
export class LockListPage {
  constructor(private readonly page: Page) {}

  table(): Locator {
    return this.page.getByTestId('lock-table');
  }

  rows(): Locator {
    return this.table().locator('tbody tr[data-row-key]');
  }

  row(name: string): Locator {
    return this.rows().filter({ hasText: name });
  }

  emptyState(): Locator {
    return this.page.getByTestId('locks-empty');
  }

  async filterByGroup(label: string | RegExp): Promise<void> {
    await this.page.getByTestId('group-filter').click();
    await pickOption(this.page, label);
  }

  async openLock(name: string): Promise<void> {
    await this.row(name).getByTestId('lock-link').click();
    await this.page.getByTestId('lock-header').waitFor();
  }
}

/** Lock groups (group/home): create, move locks, delete. */
export class LockGroupsPage {
  constructor(private readonly page: Page) {}

  row(name: string): Locator {
    return this.page.getByTestId('group-table').locator('tbody tr', { hasText: name });
  }

  async create(name: string): Promise<void> {
    await this.page.getByTestId('group-create').click();
    await this.page.getByTestId('group-name').fill(name);
    await this.page.getByTestId('group-name-submit').click();
    await expect(this.row(name)).toBeVisible();
  }

  /** Moves locks (by name) into a group (by name), or out of every group with "Ungrouped". */
  async moveLocks(lockNames: string[], target: string | RegExp): Promise<void> {
    await this.page.getByTestId('move-locks').click();
    const dialog = this.page.getByTestId('move-locks-dialog');
    const table = dialog.getByTestId('move-lock-table');
    for (const name of lockNames) {
      await table.locator('tbody tr', { hasText: name }).locator('input[type="checkbox"]').check();
    }
    await dialog.getByTestId('move-target').click();
    await pickOption(this.page, target);
    await dialog.getByTestId('move-submit').click();
    await expect(dialog).toBeHidden();
  }

  async showLocksOf(name: string): Promise<void> {
    await this.row(name).getByTestId('group-locks-link').click();
  }

  async remove(name: string): Promise<void> {
    await this.row(name).getByTestId('group-delete').click();
    await this.page.getByTestId('group-delete-confirm').click();
    await expect(this.row(name)).toBeHidden();
  }
}

/** A lock's detail (manage/:tab) and its settings drawer. */
export class LockDetailPage {
  constructor(private readonly page: Page) {}

  name(): Locator {
    return this.page.getByTestId('lock-name');
  }

  settings(): Locator {
    return this.page.getByTestId('lock-settings');
  }

  async openSettings(): Promise<Locator> {
    await this.page.getByTestId('open-settings').click();
    await this.settings().waitFor();
    return this.settings();
  }

  async rename(newName: string): Promise<void> {
    const drawer = await this.openSettings();
    await drawer.getByTestId('lock-name-input').fill(newName);
    await drawer.getByTestId('lock-rename-submit').click();
    await expect(this.name()).toHaveText(newName);
  }
}

/** Passage mode of a lock (manage/passageMode). */
export class PassageModePage {
  constructor(private readonly page: Page) {}

  periods(): Locator {
    return this.page.getByTestId('passage-period');
  }

  async setOn(on: boolean): Promise<void> {
    const toggle = this.page.getByTestId('passage-mode-switch');
    if ((await toggle.getAttribute('aria-checked')) !== String(on)) await toggle.click();
  }

  /** Adds a period on these weekdays (1 Monday to 7 Sunday), all day or keeping the default hours. */
  async addPeriod(days: number[], allDay: boolean): Promise<void> {
    await this.page.getByTestId('period-add').click();
    const period = this.periods().last();
    for (const day of [1, 2, 3, 4, 5, 6, 7]) {
      await period.getByTestId(`weekday-${day}`).setChecked(days.includes(day));
    }
    if (allDay) await period.getByTestId('period-all-day').check();
  }

  async removeAll(): Promise<void> {
    while ((await this.periods().count()) > 0) await this.periods().first().getByTestId('period-remove').click();
  }

  /** Saves through the lock and waits for the operation's end. */
  async save(): Promise<OperationEnd> {
    await this.page.getByTestId('passage-mode-save').click();
    const status = this.page.locator(ENDED);
    await status.waitFor({ timeout: 45_000 });
    return (await status.getAttribute('data-phase')) as OperationEnd;
  }
}

/** Transfer locks (manage/transferLock): the locks, the receiving account, the confirmation. */
export class LockTransferPage {
  constructor(private readonly page: Page) {}

  chosen(): Locator {
    return this.page.getByTestId('transfer-selected-locks');
  }

  async transfer(receiver: string, password: string, code: () => Promise<string>): Promise<void> {
    await useEmailAccount(this.page);
    await this.page.getByTestId('account').fill(receiver);
    await this.page.getByTestId('transfer-password').fill(password);
    await this.page.getByTestId('send-code').click();
    await expect(this.page.getByTestId('send-code')).toBeDisabled();
    await this.page.getByTestId('validation-code').fill(await code());
    await this.page.getByTestId('transfer-submit').click();
  }
}

/** The demo account the product creates outside production. */
export const DEMO = { account: 'demo@smartlock.example', password: 'Demo@2026' };

/**
 * The demo owner's session cookies, by site, from the first login through the login screen in
 * this worker process; later tests start signed in with them, as a returning browser does. No
 * demo test logs out, and the login screen has tests of its own.
 */
const demoSessions = new Map<string, Cookie[]>();

/** Logs in as the demo owner and waits for the console. */
export async function logInAsDemo(page: Page, site: (path: string) => string): Promise<void> {
  const cookies = demoSessions.get(site('/'));
  if (cookies) {
    await page.context().addCookies(cookies);
    await page.goto(site('/console/home'));
  } else {
    await page.goto(site('/login'));
    await new LoginPage(page).logIn(DEMO.account, DEMO.password);
  }
  await expect(page).toHaveURL(/\/console\/home$/);
  await expect(page.getByTestId('breadcrumb')).toBeVisible();
  if (!cookies) demoSessions.set(site('/'), await page.context().cookies(site('/')));
}

/** Picks a radio-button option (the input itself is hidden behind its label). */
export async function choose(page: Page, testId: string): Promise<void> {
  await page.locator('label', { has: page.getByTestId(testId) }).click();
}
