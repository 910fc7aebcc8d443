import { passcode } from '@smartlock/contract';
import { describe, expect, it } from 'vitest';
import {
  activationDeadline,
  addParams,
  changeParams,
  customChangeIssue,
  getParams,
  needsActivation,
  newPasscodeDraft,
  type PasscodeDraft,
  passcodeIssue,
} from './issuePasscode';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = Date.UTC(2026, 3, 10, 6, 40);
/** A lock in India (UTC+05:30): its whole hours fall on the half hour of UTC. */
const OFFSET = 5.5 * HOUR;
const LOCK_HOUR = Date.UTC(2026, 3, 10, 6, 30);
const context = { now: NOW, offsetMs: OFFSET, brandMin: 6 };
const draft = (change: Partial<PasscodeDraft>): PasscodeDraft => ({ ...newPasscodeDraft(NOW, OFFSET), ...change });
const accepted = (params: object) => passcode.get.params.safeParse(params).success;

describe('getting an offline passcode', () => {
  it('starts once, permanent and clear codes at the current hour of the lock', () => {
    for (const kind of ['once', 'permanent', 'clear'] as const) {
      const params = getParams(draft({ kind, name: '  Cleaner ' }), 9, NOW, OFFSET);
      expect(params).toMatchObject({ lockId: 9, startDate: LOCK_HOUR, keyboardPwdName: 'Cleaner' });
      expect(params).not.toHaveProperty('endDate');
      expect(accepted(params)).toBe(true);
    }
    expect(getParams(draft({ kind: 'once' }), 9, NOW, OFFSET)).toMatchObject({ keyboardPwdType: 1 });
    expect(getParams(draft({ kind: 'permanent' }), 9, NOW, OFFSET)).toMatchObject({ keyboardPwdType: 2 });
    expect(getParams(draft({ kind: 'clear' }), 9, NOW, OFFSET)).toMatchObject({ keyboardPwdType: 4 });
    expect(getParams(draft({ kind: 'once', name: ' ' }), 9, NOW, OFFSET)).not.toHaveProperty('keyboardPwdName');
  });

  it('sends a limited code with its whole lock hours as epoch ms', () => {
    const fresh = newPasscodeDraft(NOW, OFFSET);
    expect(fresh.span).toEqual([LOCK_HOUR, LOCK_HOUR + DAY]);
    const params = getParams({ ...fresh, kind: 'limited' }, 9, NOW, OFFSET);
    expect(params).toEqual({ lockId: 9, keyboardPwdType: 3, startDate: LOCK_HOUR, endDate: LOCK_HOUR + DAY });
    expect(accepted(params)).toBe(true);
  });

  it('sends a cyclic code with its subtype and hours, no dates', () => {
    const params = getParams(draft({ kind: 'cyclic', cycleType: 7, cycleStartHour: 9, cycleEndHour: 24 }), 9, NOW, 0);
    expect(params).toEqual({ lockId: 9, keyboardPwdType: 5, cycleType: 7, cycleStartHour: 9, cycleEndHour: 24 });
    expect(accepted(params)).toBe(true);
  });

  it('checks limited codes with the contract rules', () => {
    expect(passcodeIssue(draft({ kind: 'limited' }), context)).toBeUndefined();
    expect(passcodeIssue(draft({ kind: 'limited', span: undefined }), context)).toEqual({
      key: 'validity.rangeRequired',
    });
    expect(passcodeIssue(draft({ kind: 'limited', span: [LOCK_HOUR, LOCK_HOUR] }), context)).toEqual({
      key: 'errors.startNotBeforeEnd',
    });
    expect(passcodeIssue(draft({ kind: 'limited', span: [LOCK_HOUR - 2 * DAY, NOW + DAY] }), context)).toEqual({
      key: 'errors.passcodeStartTooEarly',
    });
    expect(
      passcodeIssue(draft({ kind: 'limited', span: [LOCK_HOUR + 365 * DAY, LOCK_HOUR + 366 * DAY] }), context),
    ).toEqual({
      key: 'errors.passcodeStartTooFar',
    });
    expect(passcodeIssue(draft({ kind: 'limited', span: [LOCK_HOUR, LOCK_HOUR + 500 * DAY + HOUR] }), context)).toEqual(
      {
        key: 'errors.passcodeLongValidityAlignment',
      },
    );
    expect(passcodeIssue(draft({ kind: 'limited', span: [LOCK_HOUR, LOCK_HOUR + 4 * 365 * DAY] }), context)).toEqual({
      key: 'errors.passcodeValidityTooLong',
    });
  });

  it('checks the cyclic hours', () => {
    expect(passcodeIssue(draft({ kind: 'cyclic', cycleStartHour: 18, cycleEndHour: 8 }), context)).toEqual({
      key: 'errors.startNotBeforeEnd',
    });
    expect(passcodeIssue(draft({ kind: 'cyclic' }), context)).toBeUndefined();
  });

  it('explains first use within the activation hours for the kinds that need it', () => {
    expect(['once', 'permanent', 'limited', 'clear'].every((kind) => needsActivation(kind as 'once'))).toBe(true);
    expect(needsActivation('cyclic')).toBe(false);
    expect(needsActivation('custom')).toBe(false);
    expect(activationDeadline({ startDate: LOCK_HOUR, activationHours: 24 })).toBe(LOCK_HOUR + DAY);
    expect(activationDeadline({ startDate: LOCK_HOUR, activationHours: null })).toBeUndefined();
  });
});

describe('a custom passcode', () => {
  it('needs digits of a length from the brand minimum to 9', () => {
    expect(passcodeIssue(draft({ kind: 'custom', digits: '12345' }), context)).toEqual({
      key: 'errors.passcodeLengthInvalid',
      params: { min: 6, max: 9 },
    });
    expect(passcodeIssue(draft({ kind: 'custom', digits: '12345' }), { ...context, brandMin: 4 })).toBeUndefined();
    expect(passcodeIssue(draft({ kind: 'custom', digits: '12a456' }), context)?.key).toBe(
      'errors.passcodeLengthInvalid',
    );
    expect(passcodeIssue(draft({ kind: 'custom', digits: '1234567890' }), context)?.key).toBe(
      'errors.passcodeLengthInvalid',
    );
    expect(passcodeIssue(draft({ kind: 'custom', digits: '123456' }), context)).toBeUndefined();
    expect(
      passcodeIssue(
        draft({ kind: 'custom', digits: '123456', customPermanent: false, span: [NOW - 2 * DAY, NOW - DAY] }),
        context,
      ),
    ).toEqual({ key: 'errors.endInPast' });
  });

  it('is added permanent without dates, or with its dates', () => {
    const permanent = addParams(draft({ kind: 'custom', digits: ' 246810 ' }), 4);
    expect(permanent).toEqual({ lockId: 4, keyboardPwd: '246810' });
    expect(passcode.add.params.safeParse(permanent).success).toBe(true);
    const dated = addParams(draft({ kind: 'custom', digits: '246810', customPermanent: false, name: 'Guest' }), 4);
    expect(dated).toEqual({
      lockId: 4,
      keyboardPwd: '246810',
      keyboardPwdName: 'Guest',
      startDate: LOCK_HOUR,
      endDate: LOCK_HOUR + DAY,
    });
    expect(passcode.add.params.safeParse(dated).success).toBe(true);
  });

  it('changes its name always, digits and dates only when they changed', () => {
    const item = { keyboardPwdId: 31, keyboardPwd: '246810', startDate: LOCK_HOUR, endDate: LOCK_HOUR + DAY };
    expect(changeParams(item, { name: ' Door ' })).toEqual({ keyboardPwdId: 31, keyboardPwdName: 'Door' });
    expect(
      changeParams(item, {
        name: 'Door',
        custom: { digits: '246810', permanent: false, span: [LOCK_HOUR, LOCK_HOUR + DAY] },
      }),
    ).toEqual({ keyboardPwdId: 31, keyboardPwdName: 'Door' });
    const changed = changeParams(item, {
      name: 'Door',
      custom: { digits: '135790', permanent: false, span: [LOCK_HOUR, LOCK_HOUR + 2 * DAY] },
    });
    expect(changed).toEqual({
      keyboardPwdId: 31,
      keyboardPwdName: 'Door',
      newKeyboardPwd: '135790',
      startDate: LOCK_HOUR,
      endDate: LOCK_HOUR + 2 * DAY,
    });
    expect(passcode.change.params.safeParse(changed).success).toBe(true);
    expect(customChangeIssue({ digits: '12', permanent: true, span: undefined }, { now: NOW, brandMin: 6 })?.key).toBe(
      'errors.passcodeLengthInvalid',
    );
    expect(
      customChangeIssue({ digits: '123456', permanent: true, span: undefined }, { now: NOW, brandMin: 6 }),
    ).toBeUndefined();
  });
});
