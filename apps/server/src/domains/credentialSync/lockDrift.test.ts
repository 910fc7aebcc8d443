import { CredentialStatus, PasscodeStatus, PasscodeType } from '@smartlock/contract';
import { describe, expect, it } from 'vitest';
import type { LockCredentialRow } from '../lockCredential/lockCredentialQueries';
import type { PasscodeRow } from '../passcode/passcodeQueries';
import { lockDrift, reportLists } from './lockDrift';

const code = (id: number, digits: string, status: string = PasscodeStatus.normal, busy = false) =>
  ({
    id,
    code: digits,
    type: PasscodeType.custom,
    status,
    operationId: busy ? 'op' : null,
    syncNextAt: null,
  }) as PasscodeRow;

const card = (id: number, value: string, status: number = CredentialStatus.normal) =>
  ({ id, kind: 'card', number: value, value, status, operationId: null, syncNextAt: null }) as LockCredentialRow;

describe('how a lock differs from what the cloud says it holds', () => {
  it('finds what the lock lacks and what it holds unknown, by digits and by kind and value', () => {
    const drift = lockDrift(
      {
        passcodes: [{ code: '111111', passcodeId: 1 }, { code: '999999' }],
        credentials: [
          { kind: 'card', value: '5001', credentialId: 10 },
          { kind: 'fingerprint', value: '5002' },
        ],
      },
      [code(1, '111111'), code(2, '222222')],
      [card(10, '5001'), card(11, '5003')],
    );
    expect(drift.missingPasscodes.map((p) => p.id)).toEqual([2]);
    expect(drift.missingCredentials.map((c) => c.id)).toEqual([11]);
    expect(drift.unknown).toEqual([
      { kind: 'passcode', value: '999999', id: null },
      { kind: 'fingerprint', value: '5002', id: null },
    ]);
    expect(reportLists(drift).missing).toEqual([
      { kind: 'passcode', value: '222222', id: 2 },
      { kind: 'card', value: '5003', id: 11 },
    ]);
  });

  it('leaves alone what is not settled on the lock: failed, pending or under an operation', () => {
    const drift = lockDrift(
      { passcodes: [], credentials: [] },
      [
        code(1, '111111', PasscodeStatus.addFailed),
        code(2, '222222', PasscodeStatus.adding),
        code(3, '333333', PasscodeStatus.normal, true),
      ],
      [card(10, '5001', CredentialStatus.deleting)],
    );
    expect(drift.missingPasscodes).toEqual([]);
    expect(drift.missingCredentials).toEqual([]);
  });
});
