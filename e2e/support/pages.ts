import { expect, type Locator, type Page } from '@playwright/test';
import { latestCode } from './fixtures';

/** The login screen. */
export class LoginPage {
  constructor(private readonly page: Page) {}

  async useEmail(): Promise<void> {
    await this.page.getByTestId('account').waitFor();
    // The mobile/email switch exists only where the brand takes both kinds of account.
    const kinds = this.page.getByRole('radiogroup').locator('label');
    if (await kinds.count()) await kinds.nth(1).click();
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

/** A new account, registered through the console and logged in; the page ends on the console home. */
export async function registerAndLogIn(
  page: Page,
  site: (path: string, host?: string) => string,
  email: string,
  password: string,
  host?: string,
) {
  await page.goto(site('/regist', host));
  await new RegisterPage(page).register(email, password);
  await page.goto(site('/login', host));
  await new LoginPage(page).logIn(email, password);
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

  /** Starts an action on a lock (unlock, lock, queryDate, ...) and waits for its end. */
  async run(lock: Locator, action: string): Promise<OperationEnd> {
    await lock.getByTestId(`remote-${action}`).click();
    const status = lock.locator(ENDED);
    await status.waitFor({ timeout: 45_000 });
    return (await status.getAttribute('data-phase')) as OperationEnd;
  }

  /** Transfers a gateway to an email account, confirmed with the password and the code sent to the caller. */
  async transfer(gatewayName: string, receiver: string, password: string, code: () => Promise<string>): Promise<void> {
    await this.row(gatewayName).getByTestId('gateway-more').click();
    await this.page.getByTestId('gateway-transfer').click();
    const dialog = this.page.getByRole('dialog');
    const kinds = dialog.getByRole('radiogroup').locator('label');
    if (await kinds.count()) await kinds.nth(1).click();
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
