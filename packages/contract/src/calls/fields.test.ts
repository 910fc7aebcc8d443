import { describe, expect, it } from 'vitest';
import { requiredText, text } from './fields';

describe('text fields', () => {
  it('trim and keep ordinary text of any script, with tabs and line breaks', () => {
    expect(text(20).parse('  Front door  ')).toBe('Front door');
    expect(text(20).parse('前门 · Haustür')).toBe('前门 · Haustür');
    expect(text(20).parse('line one\nline two')).toBe('line one\nline two');
  });

  it.each(['\u0000', 'a\u0000b', 'bell\u0007', 'escape\u001b[31m', 'del\u007f'])(
    'refuse control characters (%j) that a database would choke on or a screen would garble',
    (value) => {
      expect(text(20).safeParse(value).success).toBe(false);
      expect(requiredText(20).safeParse(value).success).toBe(false);
    },
  );

  it('require a non-empty value after trimming, within the length', () => {
    expect(requiredText(5).safeParse('   ').success).toBe(false);
    expect(requiredText(5).safeParse('abcdef').success).toBe(false);
    expect(requiredText(5).parse(' abc ')).toBe('abc');
  });
});
