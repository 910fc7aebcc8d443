import { describe, expect, it } from 'vitest';
import { TemplateType } from '../enums/commerce';
import {
  placeholdersIn,
  renderTemplate,
  TEMPLATE_MAX_LENGTH,
  TEMPLATE_SUBJECT_MAX_LENGTH,
  validateTemplate,
  validateTemplateSubject,
} from './template';

const PASSCODE = TemplateType.passcode;
const EKEY = TemplateType.eKey;

describe('message template', () => {
  it('accepts text of any script with the placeholders of its kind', () => {
    expect(validateTemplate('Welcome! Room {room}, passcode {passcode}, valid {time}. App: {appLink}').ok).toBe(true);
    expect(validateTemplate('欢迎入住{room}房，密码：{passcode}。').ok).toBe(true);
    expect(validateTemplate('Zimmer {room} – Code {passcode} (gültig {time})', PASSCODE).ok).toBe(true);
    expect(validateTemplate('Your key to {room}, {time}: {unlockLink}', EKEY).ok).toBe(true);
  });

  it('accepts exactly 1000 characters and refuses 1001', () => {
    const body = '{room}{passcode}';
    expect(validateTemplate(body + 'a'.repeat(TEMPLATE_MAX_LENGTH - body.length)).ok).toBe(true);
    expect(validateTemplate(body + 'a'.repeat(TEMPLATE_MAX_LENGTH - body.length + 1))).toEqual({
      ok: false,
      error: 'templateTooLong',
      params: { count: TEMPLATE_MAX_LENGTH },
    });
  });

  it('counts characters, not UTF-16 units', () => {
    const body = '{room}{passcode}';
    expect(validateTemplate(body + '房'.repeat(TEMPLATE_MAX_LENGTH - body.length)).ok).toBe(true);
  });

  it.each(['<script>', 'a\\b', 'smile 😀', 'bell \u0007'])('refuses special characters in %j', (text) => {
    expect(validateTemplate(`{room}{passcode}${text}`)).toMatchObject({ error: 'templateSpecialCharacters' });
  });

  it('names a placeholder the kind does not have', () => {
    expect(validateTemplate('Room {room} {passcode} floor {floor}')).toMatchObject({
      error: 'templatePlaceholderUnknown',
      params: { placeholder: '{floor}' },
    });
    expect(validateTemplate('Key {room} {passcode}', EKEY)).toMatchObject({
      error: 'templatePlaceholderUnknown',
      params: { placeholder: '{passcode}' },
    });
    expect(validateTemplate('{room}{passcode}{}')).toMatchObject({ error: 'templatePlaceholderUnknown' });
  });

  it('needs the room and passcode placeholders in a passcode template, not in an eKey one', () => {
    expect(validateTemplate('Code {passcode}', PASSCODE)).toEqual({
      ok: false,
      error: 'templateMissingPlaceholders',
      params: { placeholders: '{room}' },
    });
    expect(validateTemplate('Hello', PASSCODE)).toMatchObject({ params: { placeholders: '{room} {passcode}' } });
    expect(validateTemplate('Hello', EKEY).ok).toBe(true);
  });

  it('keeps an email subject to 200 characters and the same characters', () => {
    expect(validateTemplateSubject('a'.repeat(TEMPLATE_SUBJECT_MAX_LENGTH), PASSCODE).ok).toBe(true);
    expect(validateTemplateSubject('a'.repeat(TEMPLATE_SUBJECT_MAX_LENGTH + 1), PASSCODE)).toMatchObject({
      error: 'templateTooLong',
    });
    expect(validateTemplateSubject('Your room {room}', PASSCODE).ok).toBe(true);
    expect(validateTemplateSubject('<b>', PASSCODE)).toMatchObject({ error: 'templateSpecialCharacters' });
  });

  it('fills each placeholder, every time it appears, and leaves other braces alone', () => {
    expect(
      renderTemplate('{room}: {passcode} ({passcode}) {time} {appLink} {unlockLink}', {
        room: '101',
        passcode: '123456',
        time: 'today',
        appLink: 'https://app',
      }),
    ).toBe('101: 123456 (123456) today https://app ');
    expect(renderTemplate('{room} {toString} {__proto__}', { room: 'A' })).toBe('A {toString} {__proto__}');
    expect(placeholdersIn('{time} {room} {time} {floor}')).toEqual(['time', 'room']);
  });
});
