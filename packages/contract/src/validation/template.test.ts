import { describe, expect, it } from 'vitest';
import { TEMPLATE_MAX_LENGTH, validateTemplate } from './template';

describe('message template', () => {
  it('accepts text of any script with known placeholders', () => {
    expect(validateTemplate('Welcome! Room {room}, passcode {passcode}, valid {time}. App: {appLink}').ok).toBe(true);
    expect(validateTemplate('欢迎入住{room}房，密码：{passcode}。').ok).toBe(true);
    expect(validateTemplate('Zimmer {room} – Code {passcode} (gültig {time})', { passcodeTemplate: true }).ok).toBe(
      true,
    );
  });
  it('accepts exactly 1000 characters and refuses 1001', () => {
    expect(validateTemplate('a'.repeat(TEMPLATE_MAX_LENGTH)).ok).toBe(true);
    expect(validateTemplate('a'.repeat(TEMPLATE_MAX_LENGTH + 1))).toMatchObject({ error: 'templateTooLong' });
  });
  it.each(['<script>', 'a\\b', 'smile 😀', 'bell \u0007', 'Room {floor}'])(
    'refuses special characters in %j',
    (text) => {
      expect(validateTemplate(text)).toMatchObject({ error: 'templateSpecialCharacters' });
    },
  );
  it('needs the room and passcode placeholders in a passcode template', () => {
    expect(validateTemplate('Code {passcode}', { passcodeTemplate: true })).toMatchObject({
      error: 'templateMissingPlaceholders',
    });
    expect(validateTemplate('Room {room}', { passcodeTemplate: true })).toMatchObject({
      error: 'templateMissingPlaceholders',
    });
  });
});
