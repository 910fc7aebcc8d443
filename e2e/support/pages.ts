import type { Page } from '@playwright/test';
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
