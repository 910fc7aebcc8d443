import { credentialSync } from '@smartlock/contract';
import { requireSession } from '../../http/context';
import { type Route, route } from '../../http/router';
import type { CredentialSyncService } from './credentialSyncService';

/** Credentials on the lock: a lock's summary and its reconciliation (docs/api.md). */
export function credentialSyncRoutes(sync: CredentialSyncService): Route[] {
  return [
    route(credentialSync.reconcile, async (params, ctx) => sync.reconcile(requireSession(ctx).userId, params.lockId)),
    route(credentialSync.summary, async (params, ctx) => sync.summary(requireSession(ctx).userId, params.lockId)),
  ];
}
