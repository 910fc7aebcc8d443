import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client';
import type { CallContext } from '../../http/context';
import type { Route } from '../../http/router';
import { auditedParams, auditedValue, auditTarget, isAuditedChange, USER_AGENT_MAX } from './auditCalls';
import { type PendingAudit, withPendingAudit } from './auditNote';
import { appendToChain, lockOfTarget, type NewAuditEntry } from './auditQueries';

/**
 * How the caller acts: through a console or app session, the open API, or an API key; or, with no
 * call at all, a calendar feed on its owner's behalf (domains/stay/feedAudit.ts).
 */
export type ActorKind = 'session' | 'openApi' | 'apiKey' | 'feed';

/** The app id the open API's calls carry (`ContractCalls`): `openapi:<client id>`. */
const OPEN_API_APP = 'openapi:';
/** The app id an API key's calls carry (`apiKey/apiKeyGate.ts`): `apikey:<key id>`. */
const API_KEY_APP = 'apikey:';

/** The caller as the trail names them: an API key by its id, the open API by its client (the app id), a session by its id. */
export function actorOf(ctx: CallContext): { kind: ActorKind; sessionId: number | null; apiKeyId: number | null } {
  const { appId } = ctx.app;
  if (appId.startsWith(API_KEY_APP)) {
    return { kind: 'apiKey', sessionId: null, apiKeyId: Number(appId.slice(API_KEY_APP.length)) || null };
  }
  if (appId.startsWith(OPEN_API_APP)) return { kind: 'openApi', sessionId: null, apiKeyId: null };
  return { kind: 'session', sessionId: ctx.session?.id || null, apiKeyId: null };
}

/** The one lock id a call names directly or through what it acts on. */
function singleTarget(target: Record<string, unknown>) {
  const id = (name: string) => (typeof target[name] === 'number' ? (target[name] as number) : undefined);
  return {
    lockId: id('lockId'),
    keyId: id('keyId'),
    keyboardPwdId: id('keyboardPwdId'),
    credentialId: id('credentialId'),
  };
}

/**
 * Every audited change (auditCalls.ts) appends its entry once its handler succeeds: in the
 * service's transaction where it calls `auditWithin`, else in a transaction of its own right
 * after. The console's calls and the open API's (ContractCalls makes them through these same
 * handlers) alike.
 */
export function auditedRoutes(routes: Route[], db: Db, log: FastifyBaseLogger): Route[] {
  return routes.map((route) => {
    if (!isAuditedChange(route.call)) return route;
    const path = route.call.path;
    const handler: Route['handler'] = async (params, ctx) => {
      const given = params as Record<string, unknown>;
      const target = auditTarget(given);
      const single = singleTarget(target);
      // Whose trail: the owner of the lock the call is about (read before the call: it may move or end the lock).
      const lock = ctx.session ? await lockOfTarget(db, single) : undefined;
      const actor = actorOf(ctx);
      let madeLockId: number | null = null;
      const entryOf = (accountId: number, actorUserId: number, pending: PendingAudit): NewAuditEntry => ({
        accountId,
        at: Date.now(),
        actorUserId,
        actorKind: actor.kind,
        sessionId: actor.sessionId,
        apiKeyId: actor.apiKeyId,
        appId: ctx.app.appId,
        ip: ctx.ip,
        userAgent: ctx.userAgent.slice(0, USER_AGENT_MAX),
        path,
        lockId: lock?.lockId ?? madeLockId,
        target: auditedValue(target),
        params: auditedParams(given),
        before: pending.before,
        after: pending.after,
      });
      const pending: PendingAudit = { before: null, after: null, written: false, writeWithin: undefined };
      if (ctx.session) {
        const { userId } = ctx.session;
        pending.writeWithin = async (tx: Tx) => {
          await appendToChain(tx, entryOf(lock?.ownerId ?? userId, userId, pending));
        };
      }
      const data = await withPendingAudit(pending, () => route.handler(params, ctx));
      if (pending.written) return data;
      // A lock the call made (/lock/initialize answers its id) is the entry's lock too.
      const made = (data as { lockId?: unknown } | null)?.lockId;
      if (!lock && typeof made === 'number') madeLockId = made;
      // A public call (login, registration) is the account's it answers for.
      const uid = (data as { uid?: unknown } | null)?.uid;
      const actorUserId = ctx.session?.userId ?? (typeof uid === 'number' ? uid : undefined);
      if (actorUserId === undefined) return data;
      try {
        await db.transaction((tx) => appendToChain(tx, entryOf(lock?.ownerId ?? actorUserId, actorUserId, pending)));
      } catch (err) {
        // The change is committed; failing the reply would not undo it. Logged for the operator.
        log.error({ err, path }, 'audit entry not appended');
      }
      return data;
    };
    return { call: route.call, handler };
  });
}
