import { lock, MAX_PASSAGE_PERIODS, Switch } from '@smartlock/contract';
import { describe, expect, it } from 'vitest';
import {
  addPeriod,
  allDayTimes,
  configOf,
  draftIssues,
  draftOf,
  endMinuteOf,
  isAllDay,
  isChanged,
  minuteLabel,
  type PassageDraft,
  removePeriod,
  updatePeriod,
  withWeekday,
} from './periods';

const saved = {
  passageMode: Switch.on,
  periods: [{ weekDays: [3, 1], startMinute: 480, endMinute: 720 }],
};

describe('editing passage-mode periods', () => {
  it('starts from what the lock confirmed, weekdays in order', () => {
    const draft = draftOf(saved);
    expect(draft).toEqual({ enabled: true, periods: [{ id: 1, weekDays: [1, 3], startMinute: 480, endMinute: 720 }] });
    expect(isChanged(draft, saved)).toBe(false);
  });

  it('adds working-day periods from 08:00 to 18:00 with fresh ids, up to the limit, and removes them', () => {
    let draft = addPeriod(draftOf(saved));
    expect(draft.periods[1]).toEqual({ id: 2, weekDays: [1, 2, 3, 4, 5], startMinute: 480, endMinute: 1080 });
    expect(isChanged(draft, saved)).toBe(true);
    draft = removePeriod(draft, 1);
    expect(draft.periods.map((p) => p.id)).toEqual([2]);
    expect(addPeriod(draft).periods[1]?.id).toBe(3);
    let full: PassageDraft = { enabled: true, periods: [] };
    for (let i = 0; i < MAX_PASSAGE_PERIODS + 2; i++) full = addPeriod(full);
    expect(full.periods).toHaveLength(MAX_PASSAGE_PERIODS);
  });

  it('ticks and unticks weekdays, kept in order without repeats', () => {
    const period = { weekDays: [5, 1], startMinute: 0, endMinute: 60 };
    expect(withWeekday(period, 3, true)).toEqual([1, 3, 5]);
    expect(withWeekday(period, 1, true)).toEqual([1, 5]);
    expect(withWeekday(period, 5, false)).toEqual([1]);
  });

  it('knows all day as 0 to 1440, and a picked 00:00 end as midnight', () => {
    expect(allDayTimes(true)).toEqual({ startMinute: 0, endMinute: 1440 });
    expect(isAllDay({ weekDays: [1], ...allDayTimes(true) })).toBe(true);
    expect(isAllDay({ weekDays: [1], ...allDayTimes(false) })).toBe(false);
    expect(endMinuteOf(0, 0)).toBe(1440);
    expect(endMinuteOf(17, 30)).toBe(1050);
    expect(minuteLabel(1050)).toBe('17:30');
    expect(minuteLabel(0)).toBe('00:00');
    expect(minuteLabel(1440)).toBe('24:00');
  });

  it('sends what /lock/configPassageMode accepts', () => {
    const draft = updatePeriod(addPeriod(draftOf(saved)), 2, { weekDays: [6, 7], ...allDayTimes(true) });
    const config = configOf({ ...draft, enabled: false });
    expect(config).toEqual({
      passageMode: Switch.off,
      periods: [
        { weekDays: [1, 3], startMinute: 480, endMinute: 720 },
        { weekDays: [6, 7], startMinute: 0, endMinute: 1440 },
      ],
    });
    const params = { lockId: '3', passageMode: String(config.passageMode), periods: JSON.stringify(config.periods) };
    expect(lock.configPassageMode.params.safeParse(params).success).toBe(true);
  });
});

describe('checking passage-mode periods with the contract', () => {
  it('accepts periods on different days, or apart on the same day', () => {
    const draft = updatePeriod(addPeriod(draftOf(saved)), 2, { weekDays: [1], startMinute: 720, endMinute: 900 });
    const issues = draftIssues(draft);
    expect(issues.verdict.ok).toBe(true);
    expect(issues.periods.size).toBe(0);
  });
  it('marks both periods that overlap on a shared day', () => {
    const draft = updatePeriod(addPeriod(draftOf(saved)), 2, { weekDays: [3], startMinute: 600, endMinute: 900 });
    const issues = draftIssues(draft);
    expect(issues.verdict).toEqual({ ok: false, error: 'passagePeriodsOverlap' });
    expect([...issues.periods]).toEqual([
      [1, 'passagePeriodsOverlap'],
      [2, 'passagePeriodsOverlap'],
    ]);
  });
  it('marks a period with no day or a start not before its end', () => {
    const draft = updatePeriod(updatePeriod(addPeriod(draftOf(saved)), 1, { weekDays: [] }), 2, {
      startMinute: 900,
      endMinute: 900,
    });
    const issues = draftIssues(draft);
    expect(issues.periods.get(1)).toBe('selectAtLeastOneTimePeriod');
    expect(issues.periods.get(2)).toBe('startNotBeforeEnd');
    expect(issues.verdict.ok).toBe(false);
  });
  it('needs a period when passage mode is on, none when it is off', () => {
    expect(draftIssues({ enabled: true, periods: [] }).verdict).toEqual({
      ok: false,
      error: 'selectAtLeastOneTimePeriod',
    });
    expect(draftIssues({ enabled: false, periods: [] }).verdict.ok).toBe(true);
  });
});
