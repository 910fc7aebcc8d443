import { z } from 'zod';
import { MessageChannel, TEMPLATE_TYPE_DESCRIPTION, TemplateType } from '../enums/commerce';
import { valuesOf } from '../enums/define';
import { pageSchema } from '../envelope';
import { TEMPLATE_MAX_LENGTH, TEMPLATE_NAME_MAX_LENGTH, TEMPLATE_SUBJECT_MAX_LENGTH } from '../validation/template';
import { defineCall } from './define';
import { emptyData, idField, oneOf, pageParams, requiredText } from './fields';

/**
 * Message templates (docs/payments.md): an owner's own SMS and email texts for passcode and eKey
 * notices, with the placeholders {room}, {passcode}, {time}, {appLink} and {unlockLink}. The
 * advanced function unlocks them.
 */

const channel = z.enum(valuesOf(MessageChannel) as ['sms', 'email']);
const type = oneOf(valuesOf(TemplateType)).meta({ description: TEMPLATE_TYPE_DESCRIPTION });
/** Checked by the template rules (length counted in characters, characters, placeholders). */
const content = z.string().max(TEMPLATE_MAX_LENGTH * 2);
const subject = z.string().max(TEMPLATE_SUBJECT_MAX_LENGTH * 2);

export const templateItem = z.object({
  templateId: z.number().int(),
  channel: z.string(),
  type: z.number().int().meta({ description: TEMPLATE_TYPE_DESCRIPTION }),
  name: z.string(),
  /** An email's subject; empty for SMS. */
  subject: z.string(),
  content: z.string(),
  updatedAt: z.number(),
});
export type TemplateItem = z.infer<typeof templateItem>;

export const list = defineCall({
  path: '/template/list',
  method: 'GET',
  auth: 'session',
  summary:
    "Templates of a channel (and type). Without lockId: the caller's own. With lockId (a lock the caller manages): its owner's, to send a notice with; `usable` says whether the owner's advanced function lets them be used now.",
  params: z.object({ ...pageParams, channel, type: type.optional(), lockId: idField.optional() }),
  data: pageSchema(templateItem).extend({ usable: z.boolean() }),
});

export const add = defineCall({
  path: '/template/add',
  method: 'POST',
  auth: 'session',
  summary:
    'Create a template (lock owners with the advanced function): a name unique per channel, the text by the rules of section 5 (at most 1000 characters, no special characters, a passcode template with {room} and {passcode}), an email its subject.',
  params: z.object({
    channel,
    type,
    name: requiredText(TEMPLATE_NAME_MAX_LENGTH),
    subject: subject.optional(),
    content,
  }),
  data: templateItem,
});

export const update = defineCall({
  path: '/template/update',
  method: 'POST',
  auth: 'session',
  summary: "Change a template's name, subject and text (its channel and type stay), by the rules of /template/add.",
  params: z.object({
    templateId: idField,
    name: requiredText(TEMPLATE_NAME_MAX_LENGTH),
    subject: subject.optional(),
    content,
  }),
  data: templateItem,
});

export const remove = defineCall({
  path: '/template/delete',
  method: 'POST',
  auth: 'session',
  summary: 'Delete one of the caller’s templates (also once the advanced function has ended).',
  params: z.object({ templateId: idField }),
  data: emptyData,
});
