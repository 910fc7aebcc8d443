import type { TemplateItem } from '@smartlock/contract';
import type { TemplateRow } from './templateQueries';

export function presentTemplate(row: TemplateRow): TemplateItem {
  return {
    templateId: row.id,
    channel: row.channel,
    type: row.type,
    name: row.name,
    subject: row.subject,
    content: row.content,
    updatedAt: row.updatedAt.getTime(),
  };
}
