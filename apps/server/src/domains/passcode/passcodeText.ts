import { cyclicWeekDays, type Locale, PasscodeType } from '@smartlock/contract';
import { translate } from '../../i18n';
import { lockTimeText, minuteOfDayText, validityText, weekDaysText } from '../notice/validityText';
import type { PasscodeRow } from './passcodeQueries';

/** How long a passcode is valid, as a message says it, with the first-use rule of offline codes. */
export function passcodeValidityText(locale: Locale, offsetMs: number, row: PasscodeRow): string {
  const start = row.startDate?.getTime();
  const end = row.endDate?.getTime();
  if (row.type === PasscodeType.cyclic) {
    return translate(locale, 'notices.passcodeCyclic', {
      days: weekDaysText(locale, cyclicWeekDays(row.cycleType ?? 0)),
      from: minuteOfDayText((row.cycleStartHour ?? 0) * 60),
      to: minuteOfDayText((row.cycleEndHour ?? 0) * 60),
    });
  }
  if (row.type === PasscodeType.custom) {
    return validityText(
      locale,
      offsetMs,
      start === undefined ? { kind: 'permanent' } : { kind: 'limited', start, end },
    );
  }
  const base =
    row.type === PasscodeType.once
      ? translate(locale, 'notices.passcodeOnce')
      : row.type === PasscodeType.clear
        ? translate(locale, 'notices.passcodeClear')
        : row.type === PasscodeType.permanent
          ? translate(locale, 'notices.validityPermanent')
          : validityText(locale, offsetMs, { kind: 'limited', start, end });
  return translate(locale, 'notices.passcodeFirstUse', {
    validity: base,
    start: lockTimeText(locale, start ?? 0, offsetMs),
  });
}
