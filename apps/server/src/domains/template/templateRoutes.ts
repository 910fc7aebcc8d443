import { template } from '@smartlock/contract';
import { requireSession } from '../../http/context';
import { type Route, route } from '../../http/router';
import type { TemplateService } from './templateService';

/** The message template calls (docs/payments.md). */
export function templateRoutes(templates: TemplateService): Route[] {
  return [
    route(template.list, async (params, ctx) => templates.list(requireSession(ctx).userId, params)),
    route(template.add, async (params, ctx) => templates.add(requireSession(ctx).userId, params)),
    route(template.update, async (params, ctx) => templates.update(requireSession(ctx).userId, params)),
    route(template.remove, async (params, ctx) => {
      await templates.remove(requireSession(ctx).userId, params.templateId);
      return {};
    }),
  ];
}
