import { ALL_CALLS } from '@smartlock/contract';
import { describe, expect, it } from 'vitest';
import { keyRequirementOf, NAMED_CALL_PATHS } from './apiKeyScopes';

describe('the API key classification of the calls', () => {
  it('classifies every contract call', () => {
    const unclassified = ALL_CALLS.filter((call) => keyRequirementOf(call) === undefined).map((call) => call.path);
    expect(unclassified).toEqual([]);
  });

  it('names only calls that exist', () => {
    const paths = new Set<string>(ALL_CALLS.map((call) => call.path));
    expect(NAMED_CALL_PATHS.filter((path) => !paths.has(path))).toEqual([]);
  });

  it('refuses keys the account, its sessions, payments, keys, open API client and administrators', () => {
    const never = [
      '/user/login',
      '/user/logout',
      '/user/getInfo',
      '/user/changePassword',
      '/user/updateUserInfo',
      '/user/unregister',
      '/user/transferUserConfirm',
      '/user/sendValidationCode',
      '/order/create',
      '/order/pay',
      '/order/list',
      '/vip/startTrial',
      '/apiKey/list',
      '/apiKey/create',
      '/apiKey/revoke',
      '/openApi/getClient',
      '/openApi/rotateClientSecret',
      '/admin/add',
      '/admin/list',
      '/admin/authorize',
    ];
    for (const path of never) {
      const call = ALL_CALLS.find((c) => c.path === path);
      expect(call, path).toBeDefined();
      expect(keyRequirementOf(call as (typeof ALL_CALLS)[number]), path).toBe('never');
    }
    for (const call of ALL_CALLS.filter((c) => /^\/(apiKey|openApi|order|admin|webhook)\//.test(c.path))) {
      expect(keyRequirementOf(call), call.path).toBe('never');
    }
  });

  it('asks read of every GET call a key may make, and never read of a change', () => {
    for (const call of ALL_CALLS.filter((c) => c.method === 'GET')) {
      expect(['read', 'never'], call.path).toContain(keyRequirementOf(call));
    }
  });

  it('puts locks, credentials and remote operations in their scopes', () => {
    const of = (path: string) => keyRequirementOf(ALL_CALLS.find((c) => c.path === path) as (typeof ALL_CALLS)[number]);
    expect(of('/lock/list')).toBe('read');
    expect(of('/lock/rename')).toBe('locks');
    expect(of('/group/setLocks')).toBe('locks');
    expect(of('/gateway/rename')).toBe('locks');
    expect(of('/lock/updateSetting')).toBe('locks');
    expect(of('/ekey/send')).toBe('credentials');
    expect(of('/passcode/add')).toBe('credentials');
    expect(of('/card/delete')).toBe('credentials');
    expect(of('/palmVein/add')).toBe('credentials');
    expect(of('/lock/unlock')).toBe('remote');
    expect(of('/lock/batchUnlock')).toBe('remote');
  });
});
