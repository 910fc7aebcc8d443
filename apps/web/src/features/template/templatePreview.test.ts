import { TemplateType } from '@smartlock/contract';
import { describe, expect, it } from 'vitest';
import {
  characterCount,
  insertAt,
  insertablePlaceholders,
  previewOf,
  sampleValues,
  templatesPath,
} from './templatePreview';

const t = (key: string) => `<${key}>`;

describe('writing a template', () => {
  it('previews with example values in the reader’s language', () => {
    const values = sampleValues(t, 'https://console.example');
    expect(previewOf('Room {room}: {passcode}, {time}. {appLink} {unlockLink}', values)).toBe(
      'Room <template.sample.room>: 362514, <template.sample.time>. https://console.example/ https://console.example/unlockByLink?token=…',
    );
  });
  it('offers the placeholders of the kind only', () => {
    expect(insertablePlaceholders(TemplateType.passcode).map((p) => p.text)).toEqual([
      '{room}',
      '{passcode}',
      '{time}',
      '{appLink}',
      '{unlockLink}',
    ]);
    expect(insertablePlaceholders(TemplateType.eKey).map((p) => p.name)).not.toContain('passcode');
  });
  it('inserts at the cursor or over the selection', () => {
    expect(insertAt('Room  now', '{room}', 5)).toEqual({ text: 'Room {room} now', cursor: 11 });
    expect(insertAt('Room XX', '{room}', 5, 7)).toEqual({ text: 'Room {room}', cursor: 11 });
    expect(insertAt('ab', '{time}', 99)).toEqual({ text: 'ab{time}', cursor: 8 });
  });
  it('counts characters as the rule does and routes each channel', () => {
    expect(characterCount('房间😀')).toBe(3);
    expect(templatesPath('sms')).toBe('/account/smsTmpl');
    expect(templatesPath('email')).toBe('/account/emailTmpl');
  });
});
