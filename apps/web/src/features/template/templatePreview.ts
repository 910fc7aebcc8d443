import {
  MessageChannel,
  PLACEHOLDERS_OF,
  type PlaceholderName,
  renderTemplate,
  TemplatePlaceholder,
  TemplateType,
  UNLOCK_LINK_PATH,
  type ValueOf,
} from '@smartlock/contract';

type Type = ValueOf<typeof TemplateType>;

/** What the preview fills the placeholders with: examples in the reader's language. */
export function sampleValues(t: (key: string) => string, origin: string): Record<PlaceholderName, string> {
  return {
    room: t('template.sample.room'),
    passcode: '362514',
    time: t('template.sample.time'),
    appLink: `${origin}/`,
    unlockLink: `${origin}${UNLOCK_LINK_PATH}?token=…`,
  };
}

/** The placeholders a template of the kind may insert, as written in it. */
export function insertablePlaceholders(type: Type): { name: PlaceholderName; text: string }[] {
  return PLACEHOLDERS_OF[type].map((name) => ({ name, text: TemplatePlaceholder[name] }));
}

/** The message a template makes with the sample values. */
export function previewOf(content: string, values: Record<PlaceholderName, string>): string {
  return renderTemplate(content, values);
}

/** Inserts text at the cursor (or over the selection), answering the new text and cursor. */
export function insertAt(text: string, insert: string, start: number, end = start): { text: string; cursor: number } {
  const from = Math.max(0, Math.min(start, text.length));
  const to = Math.max(from, Math.min(end, text.length));
  return { text: text.slice(0, from) + insert + text.slice(to), cursor: from + insert.length };
}

/** The route of a channel's template page. */
export function templatesPath(channel: ValueOf<typeof MessageChannel>): string {
  return channel === MessageChannel.sms ? '/account/smsTmpl' : '/account/emailTmpl';
}

/** Characters as the rule counts them (an emoji is one character). */
export function characterCount(text: string): number {
  return [...text].length;
}

export const TEMPLATE_TYPES: readonly Type[] = [TemplateType.passcode, TemplateType.eKey];
