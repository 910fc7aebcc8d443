import { ErrorCode, ValidityType } from '@smartlock/contract';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { CallFailure } from '../../api/client';
import { newValidity } from '../credentials/validity';
import {
  addAdminIssue,
  addAdminParams,
  adminErrorText,
  authorizeParams,
  deauthorizeParams,
  expectedErrorKey,
  idChunks,
  selectionIssue,
  selectionParams,
  splitSelected,
} from './adminParams';

const t = ((key: string) => `«${key}»`) as unknown as TFunction;
const NOW = Date.UTC(2026, 0, 10, 9, 30);
const mobile = { kind: 'mobile' as const, account: ' 13800000000 ', countryCode: '+86' };
const email = { kind: 'email' as const, account: 'a@b.example', countryCode: '+86' };

describe('the lock selection', () => {
  it('goes as comma-separated ids, each list once, empty lists left out', () => {
    expect(selectionParams({ lockIds: [3, 1, 3], groupIds: [] })).toEqual({ lockIds: '3,1' });
    expect(selectionParams({ lockIds: [], groupIds: [0, 7, 7] })).toEqual({ groupIds: '0,7' });
    expect(selectionParams({ lockIds: [5], groupIds: [2] })).toEqual({ lockIds: '5', groupIds: '2' });
    expect(selectionParams({ lockIds: [], groupIds: [] })).toEqual({});
  });
  it('drops ids the contract refuses (no lock 0, no group -1)', () => {
    expect(selectionParams({ lockIds: [0, -2, 4], groupIds: [-1, 0] })).toEqual({ lockIds: '4', groupIds: '0' });
  });
  it('needs a lock or a group, the ungrouped locks count as a group', () => {
    expect(selectionIssue({ lockIds: [], groupIds: [] })).toEqual({ key: 'errors.selectAtLeastOneLock' });
    expect(selectionIssue({ lockIds: [1], groupIds: [] })).toBeUndefined();
    expect(selectionIssue({ lockIds: [], groupIds: [0] })).toBeUndefined();
  });
  it('takes at most 200 locks per call', () => {
    const many = Array.from({ length: 201 }, (_, i) => i + 1);
    expect(selectionIssue({ lockIds: many, groupIds: [] })).toEqual({
      key: 'admin.tooManyLocks',
      params: { count: 200 },
    });
    expect(selectionIssue({ lockIds: many.slice(0, 200), groupIds: [] })).toBeUndefined();
  });
});

describe('adding an administrator', () => {
  const validity = newValidity(NOW);
  it('sends the mobile number with its calling code, the selection, a permanent validity, the remarks', () => {
    expect(
      addAdminParams({ receiver: mobile, selection: { lockIds: [9], groupIds: [2] }, validity, remarks: ' night ' }),
    ).toEqual({
      receiverUsername: '13800000000',
      countryCode: '+86',
      lockIds: '9',
      groupIds: '2',
      validityType: ValidityType.permanent,
      remarks: 'night',
    });
  });
  it('sends an email address without a calling code and leaves empty remarks out', () => {
    const limited = { ...validity, type: ValidityType.limited, range: [NOW, NOW + 3_600_000] as [number, number] };
    expect(
      addAdminParams({ receiver: email, selection: { lockIds: [], groupIds: [0] }, validity: limited, remarks: ' ' }),
    ).toEqual({
      receiverUsername: 'a@b.example',
      groupIds: '0',
      validityType: ValidityType.limited,
      startDate: NOW,
      endDate: NOW + 3_600_000,
    });
  });
  it('is checked in order: account, selection, validity', () => {
    const none = { lockIds: [], groupIds: [] };
    expect(addAdminIssue({ receiver: { ...email, account: ' ' }, selection: none, validity }, NOW)).toEqual({
      key: 'admin.accountRequired',
    });
    expect(addAdminIssue({ receiver: email, selection: none, validity }, NOW)).toEqual({
      key: 'errors.selectAtLeastOneLock',
    });
    const cyclic = { ...validity, type: ValidityType.cyclic, weekDays: [] };
    expect(
      addAdminIssue({ receiver: email, selection: { lockIds: [1], groupIds: [] }, validity: cyclic }, NOW),
    ).toEqual({
      key: 'validity.weekdaysRequired',
    });
    expect(
      addAdminIssue({ receiver: email, selection: { lockIds: [1], groupIds: [] }, validity }, NOW),
    ).toBeUndefined();
  });
});

describe("an administrator's locks", () => {
  it('authorizes the chosen locks not authorized yet and takes away the authorized ones', () => {
    expect(
      splitSelected([
        { lockId: 1, isAuthorized: 0 },
        { lockId: 2, isAuthorized: 1 },
        { lockId: 3, isAuthorized: 0 },
        { lockId: 1, isAuthorized: 0 },
      ]),
    ).toEqual({ toAuthorize: [1, 3], toDeauthorize: [2] });
    expect(splitSelected([])).toEqual({ toAuthorize: [], toDeauthorize: [] });
  });
  it('builds the authorize and deauthorize parameters', () => {
    expect(authorizeParams(7, [4, 5], newValidity(NOW))).toEqual({
      adminUid: 7,
      lockIds: '4,5',
      validityType: ValidityType.permanent,
    });
    expect(deauthorizeParams(7, [4])).toEqual({ adminUid: 7, lockIds: '4' });
  });
  it('splits many locks into calls of at most 200', () => {
    const many = Array.from({ length: 450 }, (_, i) => i + 1);
    const chunks = idChunks(many);
    expect(chunks.map((chunk) => chunk.length)).toEqual([200, 200, 50]);
    expect(chunks.flat()).toEqual(many);
    expect(idChunks([])).toEqual([]);
  });
});

describe("the server's refusals", () => {
  it('shows the expected ones from the catalogue, the rest as the client does', () => {
    expect(expectedErrorKey('accountNotRegistered')).toBe('errors.accountNotRegistered');
    expect(expectedErrorKey('sameAsCurrentAccount')).toBe('errors.sameAsCurrentAccount');
    expect(expectedErrorKey('selectAtLeastOneLock')).toBe('errors.selectAtLeastOneLock');
    expect(expectedErrorKey('ekeyExists')).toBeUndefined();
    expect(expectedErrorKey(undefined)).toBeUndefined();
    const notRegistered = new CallFailure({
      kind: 'server',
      code: ErrorCode.accountNotRegistered,
      message: 'untranslated',
      description: '',
    });
    expect(adminErrorText(t, notRegistered)).toBe('«errors.accountNotRegistered»');
    const other = new CallFailure({
      kind: 'server',
      code: ErrorCode.ekeyExists,
      message: 'from server',
      description: '',
    });
    expect(adminErrorText(t, other)).toBe('from server');
  });
});
