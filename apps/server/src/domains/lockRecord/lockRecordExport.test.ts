import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n';
import { EXPORT_TOKEN_TTL_MS, type ExportTicket, fileNameOf } from './lockRecordExport';

const preparedAt = Date.UTC(2026, 10, 26, 23, 30);
const ticket: ExportTicket = {
  userId: 1,
  lockIds: [7],
  queryType: 0,
  startDate: preparedAt - 86_400_000,
  endDate: preparedAt,
  format: 'xlsx',
  lockTime: true,
  locale: 'en_US',
  exp: preparedAt + EXPORT_TOKEN_TTL_MS,
};

describe('record export file names', () => {
  it("name one lock's records after the lock, so exports of several locks tell apart", () => {
    const base = translate('en_US', 'records.fileName');
    expect(fileNameOf(ticket, ['Front door'])).toBe(`${base}_Front door_2026-11-26.xlsx`);
    expect(fileNameOf({ ...ticket, lockIds: [7, 8], format: 'csv' }, ['Front door', 'Annex'])).toBe(
      `${base}_2026-11-26.csv`,
    );
  });

  it('keep a lock name safe in a file name, and use the chosen timezone for the date', () => {
    expect(fileNameOf({ ...ticket, timezoneRawOffset: 3_600_000 }, ['Suite 4/5: "VIP"\tnorth  wing'])).toBe(
      `${translate('en_US', 'records.fileName')}_Suite 4_5_ _VIP_ north wing_2026-11-27.xlsx`,
    );
  });
});
