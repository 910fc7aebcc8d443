import { audit } from '@smartlock/contract';
import { requireSession } from '../../http/context';
import { type Route, route } from '../../http/router';
import type { AuditService } from './auditService';

/** The audit trail's calls: the entries a user may read, and their chain's check. */
export function auditRoutes(service: AuditService): Route[] {
  return [
    route(audit.list, async (params, ctx) => service.list(requireSession(ctx).userId, params)),
    route(audit.verify, async (_params, ctx) => service.verify(requireSession(ctx).userId)),
  ];
}
