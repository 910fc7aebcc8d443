import { user } from '@smartlock/contract';
import type { Db } from '../../db/client';
import { requireSession } from '../../http/context';
import { type Route, route } from '../../http/router';
import type { SessionStore } from '../../http/session';
import type { EKeyRevocations } from '../ekey/ekeyRevocations';
import type { ValidationCodeService } from '../verification/validationCodeService';
import { AccountDeletion } from './accountDeletion';
import { handOverAccount } from './accountHandover';
import type { AccountService } from './accountService';

export interface AccountRouteDeps {
  db: Db;
  accounts: AccountService;
  codes: ValidationCodeService;
  sessions: SessionStore;
  revocations: EKeyRevocations;
}

/** The account as a whole (docs/accounts.md): everything it owns handed over, and the account deleted. */
export function accountRoutes(deps: AccountRouteDeps): Route[] {
  const deletion = new AccountDeletion(deps);
  return [
    route(user.transferUserConfirm, async (params, ctx) => handOverAccount(deps, requireSession(ctx).userId, params)),

    route(user.unregister, async (params, ctx) => {
      await deletion.unregister(requireSession(ctx).userId, params);
      deps.sessions.clearCookie(ctx.request, ctx.reply);
      return {};
    }),
  ];
}
