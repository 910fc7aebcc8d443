import { CredentialKind, EKeyStatus, PasscodeStatus, ValidityType } from '@smartlock/contract';
import { describe, expect, it } from 'vitest';
import {
  credentialStatusKey,
  heldKinds,
  isPermanent,
  kindNameKey,
  lockCredentialKindOf,
  lockUserValidityText,
} from './lockUserKinds';

const t = (key: string, options?: Record<string, unknown>) => (options ? `${key} ${JSON.stringify(options)}` : key);
const HOUR = 3_600_000;
const NOON_UTC = Date.UTC(2026, 10, 22, 12, 0);

describe('lock user kinds', () => {
  it('names every kind the calls send, and an unknown one as other', () => {
    expect(kindNameKey(CredentialKind.qrCode)).toBe('lockUser.kind.qrcode');
    expect(kindNameKey('ekey')).toBe('lockUser.kind.ekey');
    expect(kindNameKey('smoke')).toBe('lockUser.kind.other');
  });

  it('maps the calls’ qrcode and keyfob to the lock-credential kinds', () => {
    expect(lockCredentialKindOf('qrcode')).toBe('qrCode');
    expect(lockCredentialKindOf('keyfob')).toBe('keyFob');
    expect(lockCredentialKindOf('card')).toBe('card');
    expect(lockCredentialKindOf('ekey')).toBeUndefined();
  });

  it('lists only the kinds held, in tab order', () => {
    expect(
      heldKinds({ ekey: 2, passcode: 0, card: 1, fingerprint: 0, face: 0, palmVein: 0, qrcode: 0, keyfob: 3 }),
    ).toEqual([
      ['ekey', 2],
      ['card', 1],
      ['keyfob', 3],
    ]);
  });

  it('reads a status with its own kind’s codes', () => {
    expect(credentialStatusKey('ekey', EKeyStatus.frozen)).toBe('ekey.status.frozen');
    expect(credentialStatusKey('passcode', PasscodeStatus.deleting)).toBe('passcode.status.deleting');
    expect(credentialStatusKey('card', '1')).toBe('credential.status.normal');
    expect(credentialStatusKey('keyfob', '999')).toBe('credential.status.other');
    expect(credentialStatusKey('smoke', '1')).toBe('credential.status.other');
  });
});

describe('lock user validity', () => {
  const clock = { language: 'en_US', offsetMs: 8 * HOUR };

  it('says permanent for permanent eKeys, cards and passcodes', () => {
    const card = { kind: 'card', validityType: ValidityType.permanent, startDate: null, endDate: null };
    expect(isPermanent(card)).toBe(true);
    expect(lockUserValidityText(t, card, clock)).toBe('validity.permanent');
    const code = { kind: 'passcode', validityType: ValidityType.permanent, startDate: NOON_UTC, endDate: null };
    expect(isPermanent(code)).toBe(true);
    expect(lockUserValidityText(t, code, clock)).toBe('validity.permanent');
  });

  it('shows a timed eKey in the lock’s time, not the browser’s', () => {
    const key = { kind: 'ekey', validityType: ValidityType.limited, startDate: NOON_UTC, endDate: NOON_UTC + 2 * HOUR };
    expect(isPermanent(key)).toBe(false);
    const text = lockUserValidityText(t, key, clock);
    expect(text).toContain('8:00');
    expect(text).toContain('10:00');
  });

  it('reads passcodes by the validity every kind shares: period, one-time, cyclic', () => {
    const period = {
      kind: 'passcode',
      validityType: ValidityType.limited,
      startDate: NOON_UTC,
      endDate: NOON_UTC + 48 * HOUR,
    };
    expect(isPermanent(period)).toBe(false);
    expect(lockUserValidityText(t, period, clock)).toContain('8:00');
    expect(lockUserValidityText(t, period, clock)).not.toMatch(/^validity\./);
    const once = {
      kind: 'passcode',
      validityType: ValidityType.once,
      startDate: NOON_UTC,
      endDate: NOON_UTC + 24 * HOUR,
    };
    expect(isPermanent(once)).toBe(false);
    expect(lockUserValidityText(t, once, clock)).toMatch(/^validity\.onceWithin /);
    const cyclic = { kind: 'passcode', validityType: ValidityType.cyclic, startDate: null, endDate: null };
    expect(isPermanent(cyclic)).toBe(false);
    expect(lockUserValidityText(t, cyclic, clock)).toBe('validity.types.cyclic');
  });

  it('says one-time from the start for a one-time credential with no end (a clear code)', () => {
    const code = { kind: 'passcode', validityType: ValidityType.once, startDate: NOON_UTC, endDate: null };
    expect(lockUserValidityText(t, code, clock)).toMatch(/^validity\.onceFrom .*8:00/);
  });

  it('says recurring within its days for a recurring card', () => {
    const card = {
      kind: 'card',
      validityType: ValidityType.cyclic,
      startDate: NOON_UTC,
      endDate: NOON_UTC + 48 * HOUR,
    };
    expect(lockUserValidityText(t, card, clock)).toMatch(/^lockUser\.validity\.cyclic /);
  });
});
