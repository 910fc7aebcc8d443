import {
  eKeyCredentialKey,
  encodeOfflinePasscode,
  localHourOf,
  offlinePasscodeKey,
  PasscodeType,
  signEKeyGrant,
  startResidueOf,
  ValidityType,
} from '@smartlock/contract';
import { describe, expect, it } from 'vitest';
import type { Gateway } from '../gateway/gateway';
import { testLock } from '../testing/testLocks';
import { applyControl, type ControlTarget, parseControlLine } from './control';
import type { FleetLine } from './fleetLines';

const SECRET = 'lock-secret-for-control-tests';

function targetWith(lock: ReturnType<typeof testLock>): ControlTarget {
  return {
    gateway: () => undefined,
    lock: (mac) => (mac === lock.mac ? { lock, gateway: {} as Gateway } : undefined),
    status: () => [],
  };
}

async function apply(target: ControlTarget, command: object): Promise<FleetLine> {
  const parsed = parseControlLine(JSON.stringify(command));
  if (!parsed.ok) throw new Error(parsed.error);
  return applyControl(target, parsed.command);
}

describe('the keypad and appUnlock control lines', () => {
  it('ack once the lock has checked the code: ok, or the reason it refused', async () => {
    const lock = testLock({ secret: SECRET });
    const target = targetWith(lock);
    const code = await encodeOfflinePasscode(await offlinePasscodeKey(SECRET), {
      type: PasscodeType.once,
      startResidue: startResidueOf(localHourOf(lock.lockTime(), 0)),
      serial: 0,
    });
    const typed = applyControl(target, { do: 'keypad', lock: lock.mac, code });
    expect(typed).toBeInstanceOf(Promise);
    expect(await typed).toEqual({ event: 'ack', do: 'keypad', ok: true });
    expect(await apply(target, { do: 'keypad', lock: lock.mac.toLowerCase(), code })).toEqual({
      event: 'ack',
      do: 'keypad',
      ok: false,
      error: 'used',
    });
    expect(await apply(target, { do: 'keypad', lock: lock.mac, code: '000000' })).toMatchObject({
      ok: false,
      error: 'wrongCode',
    });
    expect(await apply(target, { do: 'keypad', lock: '02:00:00:00:00:01', code })).toMatchObject({
      ok: false,
      error: 'no lock 02:00:00:00:00:01',
    });
    expect(parseControlLine(JSON.stringify({ do: 'keypad', lock: lock.mac, code: '12ab' })).ok).toBe(false);
  });

  it('ack an eKey credential the lock accepts, and name why it refuses another', async () => {
    const lock = testLock({ secret: SECRET });
    const target = targetWith(lock);
    const credential = await signEKeyGrant(await eKeyCredentialKey(SECRET), {
      v: 2,
      lockMac: lock.mac,
      keyId: 7,
      version: 1,
      username: 'guest@example.com',
      validityType: ValidityType.permanent,
      remoteUnlock: false,
      issuedAt: Date.now(),
      notAfter: Date.now() + 7 * 24 * 3_600_000,
    });
    expect(await apply(target, { do: 'appUnlock', lock: lock.mac, credential })).toEqual({
      event: 'ack',
      do: 'appUnlock',
      ok: true,
    });
    lock.revokeEKey(7, 2);
    expect(await apply(target, { do: 'appUnlock', lock: lock.mac, credential })).toMatchObject({
      ok: false,
      error: 'revoked',
    });
    expect(await apply(target, { do: 'appUnlock', lock: lock.mac, credential: 'x.y' })).toMatchObject({
      ok: false,
      error: 'badCredential',
    });
  });

  it('leave the other control lines answering at once', () => {
    const lock = testLock();
    const parsed = parseControlLine(JSON.stringify({ do: 'drift', lock: lock.mac, ms: 1_000 }));
    if (!parsed.ok) throw new Error(parsed.error);
    expect(applyControl(targetWith(lock), parsed.command)).toEqual({ event: 'ack', do: 'drift', ok: true });
  });
});

describe('the drift control lines and the lock’s list of what it stores', () => {
  it('lose a stored code and gain an unknown one, as the lock then lists them', async () => {
    const lock = testLock();
    const target = targetWith(lock);
    const codes = () => {
      const listed = lock.listCredentials();
      // The lock's factory codes aside.
      return listed.ok ? listed.result.passcodes.filter((p) => ['246810', '135790'].includes(p.code)) : [];
    };
    expect(lock.addPasscode({ passcodeId: 7, code: '246810' }).ok).toBe(true);
    expect(await apply(target, { do: 'gainCode', lock: lock.mac, code: '135790' })).toEqual({
      event: 'ack',
      do: 'gainCode',
      ok: true,
    });
    expect(codes()).toEqual([{ code: '246810', passcodeId: 7 }, { code: '135790' }]);

    expect(await apply(target, { do: 'loseCode', lock: lock.mac, code: '246810' })).toMatchObject({ ok: true });
    expect(codes()).toEqual([{ code: '135790' }]);
    expect(await apply(target, { do: 'loseCode', lock: lock.mac, code: '246810' })).toMatchObject({
      ok: false,
      error: 'not stored',
    });
    expect(await apply(target, { do: 'gainCode', lock: lock.mac, code: '135790' })).toMatchObject({
      ok: false,
      error: 'digits taken',
    });
    expect(parseControlLine(JSON.stringify({ do: 'gainCode', lock: lock.mac, code: '12' })).ok).toBe(false);
  });
});
