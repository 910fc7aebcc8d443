import { describe, expect, it } from 'vitest';
import { remarkText, requiredText, text } from './fields';

describe('text fields', () => {
  it('trim and keep ordinary text of any script', () => {
    expect(text(20).parse('  Front door  ')).toBe('Front door');
    expect(text(20).parse('前门 · Haustür')).toBe('前门 · Haustür');
    expect(remarkText(20).parse('line one\nline two')).toBe('line one\nline two');
    expect(remarkText(20).parse('a\tb\r\nc')).toBe('a\tb\r\nc');
  });

  it.each(['two\nlines', 'carriage\rreturn', 'tab\there', 'next\u0085line'])(
    'refuse line breaks and tabs in a name (%j): a name is one line',
    (value) => {
      const refused = text(20).safeParse(value);
      expect(refused.success).toBe(false);
      expect(refused.error?.issues[0]).toMatchObject({ code: 'custom', params: { error: 'invalidCharacters' } });
      expect(requiredText(20).safeParse(value).success).toBe(false);
    },
  );

  it.each(['invoice\u202etxt.exe', 'a\u202ab', 'a\u202db', 'x\u2066y\u2069', 'x\u2067y'])(
    'refuse text-direction overrides and isolates (%j) in names and remarks alike',
    (value) => {
      for (const field of [text(20), requiredText(20), remarkText(20)]) {
        expect(field.safeParse(value).error?.issues[0]).toMatchObject({ params: { error: 'invalidCharacters' } });
      }
    },
  );

  it.each(['\u0000', 'a\u0000b', 'bell\u0007', 'escape\u001b[31m', 'del\u007f'])(
    'refuse control characters (%j) that a database would choke on or a screen would garble',
    (value) => {
      expect(text(20).safeParse(value).success).toBe(false);
      expect(requiredText(20).safeParse(value).success).toBe(false);
      expect(remarkText(20).safeParse(value).success).toBe(false);
    },
  );

  it('require a non-empty value after trimming, within the length', () => {
    expect(requiredText(5).safeParse('   ').success).toBe(false);
    expect(requiredText(5).safeParse('abcdef').success).toBe(false);
    expect(requiredText(5).parse(' abc ')).toBe('abc');
  });
});
