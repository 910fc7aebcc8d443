import { describe, expect, it } from 'vitest';
import { FaceIdentifyFrequency } from '../enums/account';
import { HOUR_MS } from '../validation/time';
import { faceIdentificationDue, faceIdentificationDueFrom } from './faceIdentification';

// Wednesday 25 November 2026, 22:30 UTC; 06:30 on Thursday the 26th at UTC+08:00.
const AT = Date.UTC(2026, 10, 25, 22, 30);
const PLUS8 = 8 * HOUR_MS;

describe('when a holder identifies their face again', () => {
  it('is due before the first identification, whatever the frequency', () => {
    for (const frequency of Object.values(FaceIdentifyFrequency)) {
      expect(faceIdentificationDue(frequency, null, AT, 0)).toBe(true);
    }
  });
  it('is never due again for "first time only"', () => {
    expect(faceIdentificationDueFrom(FaceIdentifyFrequency.firstTimeOnly, AT, 0)).toBeNull();
    expect(faceIdentificationDue(FaceIdentifyFrequency.firstTimeOnly, AT, AT + 400 * 24 * HOUR_MS, 0)).toBe(false);
  });
  it('is due at the next midnight of the lock’s time, daily', () => {
    expect(faceIdentificationDueFrom(FaceIdentifyFrequency.daily, AT, 0)).toBe(Date.UTC(2026, 10, 26));
    // At UTC+08:00 the identification was on the 26th: due at the lock's midnight of the 27th.
    expect(faceIdentificationDueFrom(FaceIdentifyFrequency.daily, AT, PLUS8)).toBe(Date.UTC(2026, 10, 26, 16));
    expect(faceIdentificationDue(FaceIdentifyFrequency.daily, AT, Date.UTC(2026, 10, 26, 15, 59), PLUS8)).toBe(false);
    expect(faceIdentificationDue(FaceIdentifyFrequency.daily, AT, Date.UTC(2026, 10, 26, 16), PLUS8)).toBe(true);
  });
  it('is due on the next Monday, weekly, and on the first of the next month, monthly', () => {
    expect(faceIdentificationDueFrom(FaceIdentifyFrequency.weekly, AT, 0)).toBe(Date.UTC(2026, 10, 30));
    expect(faceIdentificationDueFrom(FaceIdentifyFrequency.monthly, AT, 0)).toBe(Date.UTC(2026, 11, 1));
    const newYearsEve = Date.UTC(2026, 11, 31, 12);
    expect(faceIdentificationDueFrom(FaceIdentifyFrequency.monthly, newYearsEve, 0)).toBe(Date.UTC(2027, 0, 1));
    const monday = Date.UTC(2026, 10, 30, 9);
    expect(faceIdentificationDueFrom(FaceIdentifyFrequency.weekly, monday, 0)).toBe(Date.UTC(2026, 11, 7));
  });
});
