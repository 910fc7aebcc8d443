import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CyclicPasscodeSubtype, PasscodeStatus, PasscodeType, valuesOf } from '@smartlock/contract';
import { describe, expect, it } from 'vitest';
import {
  CYCLIC_SUBTYPES,
  cyclicSubtypeKey,
  isPasscodePending,
  passcodeRowActions,
  passcodeStatusColor,
  passcodeStatusKey,
  passcodeTypeKey,
  passcodeTypeText,
} from './passcodeStatus';

type Tree = { [key: string]: string | Tree };
const english = JSON.parse(readFileSync(join(import.meta.dirname, '../../i18n/locales/en_US.json'), 'utf8')) as Tree;
const lookup = (key: string) =>
  key
    .split('.')
    .reduce<string | Tree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), english);

describe('passcode labels', () => {
  it('cover every status value', () => {
    for (const status of valuesOf(PasscodeStatus)) {
      const key = passcodeStatusKey(status);
      expect(key, status).not.toBe('passcode.status.other');
      expect(typeof lookup(key), `${status} → ${key}`).toBe('string');
      expect(passcodeStatusColor(status)).not.toBe('');
    }
    expect(passcodeStatusKey('110599')).toBe('passcode.status.other');
    expect(lookup('passcode.status.other')).toContain('{{code}}');
  });

  it('cover every type and cyclic subtype, in order Weekend, Daily, Weekday, Monday ... Sunday', () => {
    for (const type of valuesOf(PasscodeType)) {
      expect(typeof lookup(passcodeTypeKey(type)), String(type)).toBe('string');
    }
    expect(passcodeTypeKey(99)).toBe('passcode.type.other');
    expect(CYCLIC_SUBTYPES).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    for (const subtype of valuesOf(CyclicPasscodeSubtype)) {
      expect(typeof lookup(cyclicSubtypeKey(subtype)), String(subtype)).toBe('string');
    }
    expect(cyclicSubtypeKey(4)).toBe('passcode.cycle.other');
  });

  it('offer the actions a status allows', () => {
    expect(passcodeRowActions(PasscodeStatus.normal)).toEqual({ send: true, change: true, remove: true });
    expect(passcodeRowActions(PasscodeStatus.willBeValid)).toEqual({ send: true, change: true, remove: true });
    expect(passcodeRowActions(PasscodeStatus.deleteFailed)).toEqual({ send: false, change: true, remove: true });
    expect(passcodeRowActions(PasscodeStatus.addFailed)).toEqual({ send: false, change: false, remove: true });
    expect(passcodeRowActions(PasscodeStatus.invalid)).toEqual({ send: false, change: false, remove: true });
    for (const pending of [PasscodeStatus.adding, PasscodeStatus.updating, PasscodeStatus.deleting]) {
      expect(isPasscodePending(pending)).toBe(true);
      expect(passcodeRowActions(pending)).toEqual({ send: false, change: false, remove: false });
    }
    expect(passcodeRowActions(PasscodeStatus.deleted).remove).toBe(false);
  });

  it('name a cyclic passcode with its subtype', () => {
    const t = (key: string, options?: Record<string, unknown>) =>
      key === 'passcode.typeWithCycle' ? `${options?.type} · ${options?.cycle}` : key;
    expect(passcodeTypeText(t, { keyboardPwdType: 5, cycleType: 5 })).toBe(
      'passcode.type.cyclic · passcode.cycle.weekend',
    );
    expect(passcodeTypeText(t, { keyboardPwdType: 3, cycleType: null })).toBe('passcode.type.limited');
    expect(passcodeTypeText(t, { keyboardPwdType: 5, cycleType: null })).toBe('passcode.type.cyclic');
  });
});
