import { readFileSync } from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { expect, shot, test } from '../support/fixtures';
import { choose, LockListPage, logInAsDemo } from '../support/pages';

const LOCK = 'Door G1-1';

/** The English names of the passcode query type's record types (contract catalogue). */
const PASSCODE_TYPES: Record<string, string> = {
  4: 'Passcode unlock',
  34: 'Passcode locking',
  26: 'Wrong passcode',
  13: 'Passcode added',
  14: 'Passcode deleted',
  15: 'Passcode changed',
  16: 'All passcodes cleared',
  23: 'Expired passcode',
};
const HEADERS = ['Lock', 'Time', 'Record type', 'Person', 'Credential', 'Result'];

/** Every record row shown is a passcode record. */
async function expectOnlyPasscodeRecords(page: Page): Promise<number> {
  const rows = page.getByTestId('record-row');
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  const types = await rows.evaluateAll((list) => list.map((row) => row.getAttribute('data-record-type')));
  for (const type of types) expect(Object.keys(PASSCODE_TYPES), `record type ${type}`).toContain(type);
  return types.length;
}

/** Exports from the export page as it stands; answers the download and the rows the page says it saved. */
async function exportFile(page: Page): Promise<{ download: Download; rows: number }> {
  const downloading = page.waitForEvent('download');
  await page.getByTestId('record-export-start').click();
  const download = await downloading;
  await expect(page.getByTestId('record-export-run')).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  await expect(page.getByTestId('record-export-progress')).toHaveAttribute('aria-valuenow', '100');
  const message = (await page.getByTestId('record-export-message').textContent()) ?? '';
  return { download, rows: Number(message.match(/Records saved: (\d+)/)?.[1] ?? Number.NaN) };
}

/** The text of each cell of an xlsx sheet row (inline strings or numbers). */
function cellsOf(row: string): string[] {
  return [...row.matchAll(/<c [^>]*>([\s\S]*?)<\/c>/g)].map((cell) =>
    (cell[1] ?? '')
      .replace(/<[^>]+>/g, '')
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>'),
  );
}

test('an owner reads a lock’s passcode records, from the filter and from a passcode’s row, and exports them as xlsx and CSV', async ({
  page,
  site,
}) => {
  test.setTimeout(480_000);
  const code = String(Date.now()).slice(-7);
  await logInAsDemo(page, site);
  await expect(new LockListPage(page).rows().first()).toBeVisible({ timeout: 30_000 });
  await new LockListPage(page).openLock(LOCK);
  const lockId = new URL(page.url()).searchParams.get('lockId');

  // A custom passcode goes to the lock through its gateway: the lock records it (passcode added).
  await page.goto(site(`/manage/issuePasscode?lockId=${lockId}`));
  await choose(page, 'passcode-kind-custom');
  await page.getByTestId('passcode-name-input').fill(`Records ${code}`);
  await page.getByTestId('passcode-digits-input').fill(code);
  await page.getByTestId('issue-passcode-submit').click();
  await expect(page.getByTestId('passcode-sent')).toBeVisible({ timeout: 30_000 });

  // From the passcode's row: its records only, a tag saying whose.
  await page.goto(site(`/manage/passcode?lockId=${lockId}`));
  const codeRow = page.getByTestId('passcode-table').locator('tr', { hasText: `Records ${code}` });
  await expect(codeRow.getByTestId('records-link')).toBeVisible();
  await shot(page, 'records-link-passcode-en');
  await codeRow.getByTestId('records-link').click();
  await expect(page).toHaveURL(new RegExp(`/manage/records\\?lockId=${lockId}&keyboardPwd=${code}$`));
  await expect(page.getByTestId('records-filter-tag')).toHaveText(`Passcode ${code}`);
  const rows = page.getByTestId('record-row');
  await expect(async () => {
    await page.getByTestId('records-refresh').click();
    await expect(rows.filter({ has: page.locator('[data-record-type="13"]') })).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await expectOnlyPasscodeRecords(page);
  for (const credential of await page.getByTestId('record-credential').allTextContents()) expect(credential).toBe(code);
  await expect(rows.first().getByTestId('record-type')).toContainText('Passcode added');
  await expect(rows.first().getByTestId('record-result')).toHaveText('Succeeded');
  await expect(page.getByTestId('records-zone')).toContainText('UTC');
  await shot(page, 'records-passcode-en');

  // Closing the tag: all the lock's records; then the passcode query type: passcode records only.
  await page.getByTestId('records-filter-tag').locator('.ant-tag-close-icon').click();
  await expect(page).toHaveURL(new RegExp(`/manage/records\\?lockId=${lockId}&queryType=0$`));
  await expect(page.getByTestId('records-filter-tag')).toHaveCount(0);
  await expect(rows.first()).toBeVisible();
  await shot(page, 'records-en');
  await page.getByTestId('records-query-type').click();
  await page.getByTestId('records-query-type-passcode').click();
  await expect(page.getByTestId('records-query-type')).toContainText('Passcode');
  await expect(rows.filter({ hasText: code }).first()).toBeVisible();
  const shown = await expectOnlyPasscodeRecords(page);
  expect(shown).toBeGreaterThan(0);
  await shot(page, 'records-query-passcode-en');

  // The export of this lock's passcode records (the demo owner is on the advanced function's trial).
  await page.getByTestId('records-export').click();
  await expect(page).toHaveURL(new RegExp(`/manage/exportRecord\\?lockId=${lockId}$`));
  await expect(page.getByTestId('record-export-page')).toBeVisible();
  await page.getByTestId('record-export-type').click();
  await page.getByTestId('record-export-type-passcode').click();
  await choose(page, 'record-export-format-xlsx');
  const xlsx = await exportFile(page);
  // One lock's export is named after the lock.
  expect(xlsx.download.suggestedFilename()).toMatch(new RegExp(`^unlock-records_${LOCK}_\\d{4}-\\d{2}-\\d{2}\\.xlsx$`));
  expect(xlsx.rows).toBeGreaterThan(0);
  await shot(page, 'records-export-en');

  const files = unzipSync(new Uint8Array(readFileSync(await xlsx.download.path())));
  const sheetPath = Object.keys(files).find((name) => /^xl\/worksheets\/sheet\d*\.xml$/.test(name)) ?? '';
  const sheet = strFromU8(files[sheetPath] as Uint8Array);
  const sheetRows = (sheet.match(/<row[ >][\s\S]*?<\/row>/g) ?? []).map(cellsOf);
  const [header, ...data] = sheetRows;
  for (const name of HEADERS) expect(header).toContain(name);
  expect(data).toHaveLength(xlsx.rows);
  const typeAt = header?.indexOf('Record type') ?? -1;
  const credentialAt = header?.indexOf('Credential') ?? -1;
  const lockAt = header?.indexOf('Lock') ?? -1;
  for (const row of data) {
    expect(Object.values(PASSCODE_TYPES)).toContain(row[typeAt]);
    expect(row[lockAt]).toBe(LOCK);
  }
  expect(data.filter((row) => row[credentialAt] === code).map((row) => row[typeAt])).toContain('Passcode added');

  // Once as CSV: the same records, a header line and one line each.
  await choose(page, 'record-export-format-csv');
  const csv = await exportFile(page);
  expect(csv.download.suggestedFilename()).toMatch(/\.csv$/);
  const text = readFileSync(await csv.download.path(), 'utf8').replace(/^\uFEFF/, '');
  const lines = text.split('\r\n').filter((line) => line.length > 0);
  for (const name of HEADERS) expect(lines[0]).toContain(name);
  expect(lines).toHaveLength(1 + csv.rows);
  expect(csv.rows).toBeGreaterThanOrEqual(xlsx.rows);
  expect(lines.some((line) => line.includes(code) && line.includes('Passcode added'))).toBe(true);
  for (const line of lines.slice(1)) {
    expect(
      Object.values(PASSCODE_TYPES).some((name) => line.includes(name)),
      line,
    ).toBe(true);
  }

  // Many locks (console): chosen from the owner's locks; this one's records of the last 30 days.
  await page.goto(site('/console/exportRecord'));
  await expect(page.getByTestId('record-export-start')).toBeDisabled();
  await page
    .getByTestId('record-export-lock-table')
    .locator('tbody tr', { hasText: LOCK })
    .locator('input[type="checkbox"]')
    .check();
  await page.getByTestId('record-export-preset-30').click();
  const all = await exportFile(page);
  expect(all.rows).toBeGreaterThanOrEqual(csv.rows);
  await shot(page, 'records-export-console-en');

  // On a phone: the records stack, the filter and the export still fit.
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'records-export-phone-en');
  await page.goto(site(`/manage/records?lockId=${lockId}&keyboardPwd=${code}`));
  await expect(page.getByTestId('records-filter-tag')).toBeVisible();
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  await shot(page, 'records-passcode-phone-en');
  await page.goto(site(`/manage/records?lockId=${lockId}&queryType=0`));
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  await shot(page, 'records-phone-en');
});
