import { user } from '@smartlock/contract';
import { describe, expect, it } from 'vitest';
import {
  avatarFileIssue,
  bindEmailParams,
  bindMobileParams,
  canUnbind,
  changeAccountParams,
  identifierActions,
  profileChanged,
  profileParams,
} from './account';

const { AVATAR_MAX_BYTES } = user;

describe('avatarFileIssue', () => {
  it('takes JPEG, PNG and WebP images up to the limit', () => {
    expect(avatarFileIssue({ name: 'me.jpg', size: 10, type: 'image/jpeg' })).toBeUndefined();
    expect(avatarFileIssue({ name: 'me.png', size: AVATAR_MAX_BYTES, type: 'image/png' })).toBeUndefined();
    expect(avatarFileIssue({ name: 'me.webp', size: 10, type: 'image/webp' })).toBeUndefined();
  });

  it('judges by the name when the browser gives no type', () => {
    expect(avatarFileIssue({ name: 'ME.PNG', size: 10, type: '' })).toBeUndefined();
    expect(avatarFileIssue({ name: 'me.bmp', size: 10, type: '' })).toEqual({ key: 'account.avatarFormat' });
    expect(avatarFileIssue({ name: 'png', size: 10, type: '' })).toEqual({ key: 'account.avatarFormat' });
  });

  it('refuses other types, empty files and files over the limit', () => {
    expect(avatarFileIssue({ name: 'me.gif', size: 10, type: 'image/gif' })).toEqual({ key: 'account.avatarFormat' });
    expect(avatarFileIssue({ name: 'me.png', size: 0, type: 'image/png' })).toEqual({ key: 'account.avatarFormat' });
    expect(avatarFileIssue({ name: 'me.png', size: AVATAR_MAX_BYTES + 1, type: 'image/png' })).toEqual({
      key: 'account.avatarTooLarge',
      params: { megabytes: 1 },
    });
  });
});

describe('identifiers', () => {
  const both = { mobile: '+61412345678', email: 'a@example.com' };
  it('unbinds one only while the other is there', () => {
    expect(canUnbind(both, 'mobile')).toBe(true);
    expect(canUnbind(both, 'email')).toBe(true);
    expect(canUnbind({ mobile: '', email: 'a@example.com' }, 'email')).toBe(false);
    expect(canUnbind({ mobile: '+61412345678', email: '' }, 'mobile')).toBe(false);
    expect(canUnbind({ mobile: '', email: 'a@example.com' }, 'mobile')).toBe(false);
  });

  it('offers bind for a missing one, change and unbind for a present one', () => {
    expect(identifierActions({ mobile: '', email: 'a@example.com' }, 'mobile')).toEqual(['bind']);
    expect(identifierActions(both, 'email')).toEqual(['change', 'unbind']);
  });
});

describe('parameters', () => {
  it('binds a mobile number with its calling code and an email without', () => {
    expect(bindMobileParams({ account: ' 412345678 ', countryCode: '+61', validationCode: ' 123456' })).toEqual({
      mobile: '412345678',
      countryCode: '+61',
      validationCode: '123456',
    });
    expect(bindEmailParams({ account: 'b@example.com ', validationCode: '654321' })).toEqual({
      email: 'b@example.com',
      validationCode: '654321',
    });
  });

  it('changes the account with the calling code only for a mobile number', () => {
    expect(
      changeAccountParams({ kind: 'email', account: 'c@example.com', countryCode: '+61', validationCode: '111111' }),
    ).toEqual({ account: 'c@example.com', countryCode: undefined, validationCode: '111111' });
    expect(
      changeAccountParams({ kind: 'mobile', account: '412345678', countryCode: '+44', validationCode: '111111' }),
    ).toEqual({ account: '412345678', countryCode: '+44', validationCode: '111111' });
  });

  it('sends the trimmed nickname and the country id; notices changes', () => {
    expect(profileParams({ nickname: '  Ann ', countryId: 'DE' })).toEqual({ nickname: 'Ann', countryId: 'DE' });
    expect(profileParams({ nickname: undefined, countryId: '' })).toEqual({ nickname: '', countryId: undefined });
    const me = { nickname: 'Ann', countryId: 'DE' };
    expect(profileChanged(me, { nickname: 'Ann ', countryId: 'DE' })).toBe(false);
    expect(profileChanged(me, { nickname: 'Anna', countryId: 'DE' })).toBe(true);
    expect(profileChanged(me, { nickname: 'Ann', countryId: 'FR' })).toBe(true);
  });
});
