import { describe, expect, it } from 'vitest';
import { ValidityType } from '../enums/credential';
import {
  credentialCurrent,
  credentialNotAfter,
  type EKeyGrant,
  eKeyCredentialKey,
  grantAdmits,
  readEKeyGrant,
  signEKeyGrant,
} from './eKeyCredential';

const grant: EKeyGrant = {
  v: 2,
  lockMac: 'AA:BB:CC:DD:EE:01',
  keyId: 7,
  version: 2,
  username: 'guest@example.com',
  validityType: ValidityType.limited,
  startDate: Date.UTC(2026, 10, 1),
  endDate: Date.UTC(2026, 10, 30),
  remoteUnlock: false,
  issuedAt: Date.UTC(2026, 10, 1),
  notAfter: Date.UTC(2026, 10, 8),
};

describe('eKey credentials', () => {
  it('reads back what was signed with the same lock key', async () => {
    const key = await eKeyCredentialKey('secret-1');
    const credential = await signEKeyGrant(key, grant);
    expect(await readEKeyGrant(key, credential)).toEqual(grant);
  });

  it('refuses another lock key, a changed body and garbage', async () => {
    const key = await eKeyCredentialKey('secret-1');
    const credential = await signEKeyGrant(key, grant);
    expect(await readEKeyGrant(await eKeyCredentialKey('secret-2'), credential)).toBeUndefined();
    const [body, mac] = credential.split('.');
    const forged = btoa(
      atob((body as string).replace(/-/g, '+').replace(/_/g, '/')).replace('"version":2', '"version":9'),
    )
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    expect(await readEKeyGrant(key, `${forged}.${mac}`)).toBeUndefined();
    expect(await readEKeyGrant(key, 'not-a-credential')).toBeUndefined();
    expect(await readEKeyGrant(key, `${credential}.x`)).toBeUndefined();
  });

  it('admits a limited key inside its dates only', () => {
    expect(grantAdmits(grant, Date.UTC(2026, 10, 15), 0)).toBe(true);
    expect(grantAdmits(grant, Date.UTC(2026, 9, 31), 0)).toBe(false);
    expect(grantAdmits(grant, Date.UTC(2026, 10, 30), 0)).toBe(false);
    expect(grantAdmits({ ...grant, validityType: ValidityType.permanent }, 0, 0)).toBe(true);
  });

  it('admits a cyclic key on its weekdays and minutes in the lock timezone', () => {
    const cyclic: EKeyGrant = {
      ...grant,
      validityType: ValidityType.cyclic,
      cycle: { weekDays: [1], startMinute: 9 * 60, endMinute: 17 * 60 },
    };
    const monday = (h: number) => Date.UTC(2026, 10, 23, h);
    expect(grantAdmits(cyclic, monday(10), 0)).toBe(true);
    expect(grantAdmits(cyclic, monday(17), 0)).toBe(false);
    // 07:00 UTC is 09:00 at UTC+2.
    expect(grantAdmits(cyclic, monday(7), 2 * 3_600_000)).toBe(true);
    expect(grantAdmits(cyclic, monday(7), 0)).toBe(false);
  });

  it('ends every credential at the key’s end or its issue time plus the maximum age, whichever first', () => {
    const issued = Date.UTC(2026, 10, 1);
    const day = 24 * 3_600_000;
    // A permanent key: the age alone.
    expect(credentialNotAfter(undefined, issued, 7)).toBe(issued + 7 * day);
    // A key ending sooner than the age: its end.
    expect(credentialNotAfter(issued + 2 * day, issued, 7)).toBe(issued + 2 * day);
    // A key ending later: the age.
    expect(credentialNotAfter(issued + 90 * day, issued, 1)).toBe(issued + day);
  });

  it('holds a credential current until its not-after, by the clock it is given', () => {
    expect(credentialCurrent(grant, grant.notAfter - 1)).toBe(true);
    expect(credentialCurrent(grant, grant.notAfter)).toBe(false);
  });

  it('refuses a version 1 credential (no not-after)', async () => {
    const key = await eKeyCredentialKey('secret-1');
    const { notAfter: _gone, ...old } = grant;
    const credential = await signEKeyGrant(key, { ...old, v: 1 } as unknown as EKeyGrant);
    expect(await readEKeyGrant(key, credential)).toBeUndefined();
  });
});
