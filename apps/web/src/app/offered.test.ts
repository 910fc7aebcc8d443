import { describe, expect, it } from 'vitest';
import { isOffered, isPathOffered } from './offered';
import { CONSOLE_ROUTES } from './routeTable';

const WITHOUT = { hasPaidFeature: false };
const WITH = { hasPaidFeature: true };

describe('routes a brand offers', () => {
  it('a brand without paid features offers neither the value-added area nor what needs the advanced function', () => {
    const notOffered = CONSOLE_ROUTES.filter((spec) => !isOffered(spec, WITHOUT)).map((spec) => spec.path);
    expect(notOffered.sort()).toEqual(
      [
        '/account/service',
        '/account/record',
        '/account/vip',
        '/account/smsTmpl',
        '/account/emailTmpl',
        '/console/exportRecord',
        '/manage/exportRecord',
        '/console/exportLockUser',
        '/lockUser/export',
      ].sort(),
    );
    expect(CONSOLE_ROUTES.every((spec) => isOffered(spec, WITH))).toBe(true);
  });

  it('links are judged by their path, query aside; unknown paths are not offered', () => {
    expect(isPathOffered('/manage/exportRecord?lockId=3', WITHOUT)).toBe(false);
    expect(isPathOffered('/manage/exportRecord?lockId=3', WITH)).toBe(true);
    expect(isPathOffered('/manage/records?lockId=3&keyId=1', WITHOUT)).toBe(true);
    expect(isPathOffered('/nowhere', WITH)).toBe(false);
  });
});
