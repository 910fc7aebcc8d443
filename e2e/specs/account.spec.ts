import { deflateSync } from 'node:zlib';
import { expect, latestCode, shot, test, uniqueEmail } from '../support/fixtures';
import { startFleet } from '../support/fleet';
import { ConsoleFrame, GatewayPage, LoginPage, registerAccount, registerAndLogIn } from '../support/pages';

const PASSWORD = 'Console#2026';
const NEW_PASSWORD = 'Changed#2027';

/** A CRC-32 as PNG chunks carry it. */
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A small, valid PNG: a 16 x 16 square of one colour. */
function squarePng(rgb: [number, number, number]): Buffer {
  const size = 16;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3).map((_, i) => rgb[i % 3] ?? 0)]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An Australian mobile number no one has yet (the outbox knows it in E.164 form). */
/** An Australian mobile number of the 41x range (every 4x range is not a mobile range: 479 6... is not). */
function uniqueMobile(): { national: string; e164: string } {
  const national = `41${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  return { national, e164: `+61${national}` };
}

test('a new account edits its profile and avatar, binds a mobile number, changes its password and logs in with it', async ({
  page,
  site,
}) => {
  test.setTimeout(240_000);
  const email = uniqueEmail('account');
  const mobile = uniqueMobile();
  const nickname = `Ann ${Date.now().toString(36)}`;
  await registerAndLogIn(page, site, email, PASSWORD);

  await page.getByTestId('account-menu').click();
  await page.getByRole('link', { name: 'Account information' }).click();
  await expect(page).toHaveURL(/\/account\/info$/);
  await expect(page.getByTestId('breadcrumb')).toHaveText('Account');
  await expect(page.getByTestId('account-login-value')).toHaveText(email);
  await expect(page.getByTestId('account-mobile-value')).toHaveText('Not bound');
  // The email is the only way in: it cannot be unbound.
  await expect(page.getByTestId('unbind-email')).toBeDisabled();

  // Nickname and country or region.
  await page.getByTestId('nickname').fill(nickname);
  await page.getByTestId('profile-country').selectOption('DE');
  await page.getByTestId('profile-save').click();
  await expect(page.getByText('Your profile has been saved.')).toBeVisible();
  await expect(page.getByTestId('account-menu')).toContainText(nickname);
  await page.reload();
  await expect(page.getByTestId('nickname')).toHaveValue(nickname);
  await expect(page.getByTestId('profile-country')).toHaveValue('DE');

  // Avatar: uploaded, shown from its address, in the header too.
  await page
    .getByTestId('avatar-upload')
    .locator('input[type="file"]')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: squarePng([30, 120, 220]) });
  await expect(page.getByText('Your avatar has been updated.')).toBeVisible();
  const avatar = page.getByTestId('avatar').locator('img');
  await expect(avatar).toHaveAttribute('src', /\/api\/user\/avatar\/\d+/);
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(16);
  await expect(page.getByTestId('avatar-remove')).toBeVisible();
  await shot(page, 'account-info-1440');

  // A wrong file type is refused before anything is sent.
  await page
    .getByTestId('avatar-upload')
    .locator('input[type="file"]')
    .setInputFiles({ name: 'me.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(page.getByText('The avatar must be a JPEG, PNG or WebP image.')).toBeVisible();

  // Bind a mobile number with the code sent to it.
  await page.getByTestId('bind-mobile').click();
  const dialog = page.getByTestId('bind-dialog');
  // The dialog starts from the account's country (Germany now); the number is Australian.
  await expect(dialog.getByTestId('country-code')).toHaveValue('DE');
  await dialog.getByTestId('country-code').selectOption('AU');
  await dialog.getByTestId('account').fill(mobile.national);
  await dialog.getByTestId('send-code').click();
  await expect(dialog.getByTestId('send-code')).toBeDisabled();
  await dialog.getByTestId('validation-code').fill(await latestCode(mobile.e164));
  await page.getByTestId('bind-dialog-submit').click();
  await expect(page.getByText('The mobile number has been bound.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('account-mobile-value')).toHaveText(mobile.e164);
  // With two ways in, either one may now be unbound.
  await expect(page.getByTestId('unbind-email')).toBeEnabled();
  await expect(page.getByTestId('unbind-mobile')).toBeEnabled();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId('unbind-email')).toBeVisible();
  await shot(page, 'account-info-390');
  await page.getByTestId('change-password').scrollIntoViewIfNeeded();
  await shot(page, 'account-info-390-security');

  // Change the password: a wrong current one is refused, then the right one works.
  await page.getByTestId('change-password').click();
  const passwordDialog = page.getByTestId('password-dialog');
  await passwordDialog.getByTestId('old-password').fill('Wrong#2026x');
  await passwordDialog.getByTestId('new-password').fill(NEW_PASSWORD);
  await passwordDialog.getByTestId('confirm-password').fill(NEW_PASSWORD);
  await page.getByTestId('password-dialog-submit').click();
  await expect(page.getByTestId('password-dialog-error')).toBeVisible();
  await shot(page, 'account-password-390');
  await passwordDialog.getByTestId('old-password').fill(PASSWORD);
  await page.getByTestId('password-dialog-submit').click();
  await expect(page.getByText(/Your password has been changed/)).toBeVisible();
  await expect(passwordDialog).toBeHidden();
  await page.setViewportSize({ width: 1440, height: 900 });

  await new ConsoleFrame(page).logOut();
  await expect(page).toHaveURL(/\/login$/);
  await new LoginPage(page).logIn(email, PASSWORD);
  await expect(page.getByTestId('login-error')).toBeVisible();
  await page.goto(site('/login'));
  await new LoginPage(page).logIn(email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/console\/home$/);
  await expect(page.getByTestId('account-menu')).toContainText(nickname);
});

test('an account that owns a fleet hands it all over, then deletes itself and is logged out for good', async ({
  page,
  site,
}) => {
  test.setTimeout(300_000);
  const receiver = uniqueEmail('heir');
  await registerAccount(page, site, receiver, PASSWORD);
  const email = uniqueEmail('leaving');
  await registerAndLogIn(page, site, email, PASSWORD);
  const fleet = await startFleet(site(''), email, PASSWORD);
  try {
    await page.goto(site('/account/info'));
    const card = page.getByTestId('account-end-card');
    await expect(card.getByTestId('account-owned')).toHaveText('Locks you own: 1. Gateways you own: 1.');

    // Deleting is refused while the account owns a lock and a gateway; the dialog offers the way out.
    await card.getByTestId('delete-account').click();
    const blocked = page.getByTestId('delete-account-dialog');
    await expect(blocked.getByTestId('delete-account-blocked')).toContainText('Transfer your locks and gateways first');
    await expect(blocked.getByTestId('delete-account-owned')).toHaveText('Locks you own: 1. Gateways you own: 1.');
    await shot(page, 'account-delete-blocked');
    await blocked.getByTestId('delete-account-transfer-all').click();

    // Everything goes to the receiver at once, confirmed with the password and a code (type 9).
    const handover = page.getByTestId('transfer-all-dialog');
    await expect(handover.getByTestId('transfer-all-owned')).toHaveText('Locks you own: 1. Gateways you own: 1.');
    await handover.getByTestId('account').waitFor();
    const kinds = handover.getByRole('radiogroup').locator('label');
    if ((await kinds.count()) > 0) await kinds.nth(1).click();
    await handover.getByTestId('account').fill(receiver);
    await handover.getByTestId('transfer-password').fill(PASSWORD);
    await handover.getByTestId('send-code').click();
    await expect(handover.getByTestId('send-code')).toBeDisabled();
    await handover.getByTestId('validation-code').fill(await latestCode(email));
    await shot(page, 'account-transfer-all');
    await page.getByTestId('transfer-all-submit').click();
    await expect(page.getByText('Transferred. Locks: 1. Gateways: 1.')).toBeVisible();
    await expect(handover).toBeHidden();
    await expect(card.getByTestId('account-owned')).toHaveText('You own no locks or gateways.');

    // Now the account may go: the dialog names what happens, a code (type 10) and a tick confirm it.
    await card.getByTestId('delete-account').click();
    const dialog = page.getByTestId('delete-account-dialog');
    const consequences = dialog.getByTestId('delete-account-consequences');
    await expect(consequences).toContainText('You are logged out everywhere at once');
    await expect(consequences).toContainText('The eKeys you hold end at once');
    await expect(consequences).toContainText('stay with those locks');
    await expect(consequences).toContainText('can be used to register a new, empty account');
    await expect(page.getByTestId('delete-account-submit')).toBeDisabled();
    await dialog.getByTestId('delete-account-password').fill(PASSWORD);
    await dialog.getByTestId('send-code').click();
    await expect(dialog.getByTestId('send-code')).toBeDisabled();
    // The button turned to its countdown once the code was sent: the newest code is this one.
    await dialog.getByTestId('validation-code').fill(await latestCode(email));
    await dialog.getByTestId('delete-account-understood').check();
    await shot(page, 'account-delete-confirm');
    await page.getByTestId('delete-account-submit').click();

    // Logged out, on the login screen; the account cannot log in again.
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Your account has been deleted.')).toBeVisible();
    await new LoginPage(page).logIn(email, PASSWORD);
    await expect(page.getByTestId('login-error')).toBeVisible();

    // The receiver owns the gateway, which still reaches the door.
    await page.goto(site('/login'));
    await new LoginPage(page).logIn(receiver, PASSWORD);
    await expect(page).toHaveURL(/\/console\/home$/);
    const gateways = new GatewayPage(page);
    await page.goto(site('/plug/home'));
    await expect(gateways.row('Gateway 1')).toBeVisible();
    await gateways.openLocks('Gateway 1');
    await expect(gateways.lock('Door')).toBeVisible();
  } finally {
    fleet.kill('SIGTERM');
  }
});
