import { user } from '@smartlock/contract';
import { type CallContext, requireSession } from '../../http/context';
import { type Route, route } from '../../http/router';
import type { SessionStore } from '../../http/session';
import type { SliderService } from '../verification/slider/sliderService';
import type { ValidationCodeService } from '../verification/validationCodeService';
import { type AccountService, accountOf, type Caller } from './accountService';
import type { UserService } from './userService';

export interface UserDeps {
  users: UserService;
  accounts: AccountService;
  codes: ValidationCodeService;
  slider: SliderService;
  sessions: SessionStore;
}

const callerOf = (ctx: CallContext): Caller => ({
  ip: ctx.ip,
  userAgent: ctx.userAgent,
  appId: ctx.app.appId,
  brand: ctx.brand,
  locale: ctx.locale,
});

/** The user calls of spec section 7 that accounts and sessions need. */
export function userRoutes(deps: UserDeps): Route[] {
  /** Hands a new session to the caller: a cookie for browsers, the token itself for API clients. */
  function startSession(ctx: CallContext, opened: { user: { id: number }; token: string; expiresIn: number }) {
    if (ctx.app.kind === 'browser') {
      deps.sessions.setCookie(ctx.request, ctx.reply, opened.token);
      return { uid: opened.user.id, expiresIn: opened.expiresIn };
    }
    return { uid: opened.user.id, expiresIn: opened.expiresIn, accessToken: opened.token };
  }

  return [
    route(user.register, async (params, ctx) => {
      const created = await deps.accounts.register(params, callerOf(ctx));
      return { uid: created.id };
    }),

    route(user.sendValidationCode, async (params, ctx) => {
      const account = accountOf(params.account, params.countryCode);
      const plan = await deps.accounts.planCodeRequest(
        account,
        params.type,
        ctx.session?.userId,
        ctx.brand,
        ctx.locale,
      );
      return deps.codes.send({
        recipient: { account: account.value, kind: account.type },
        type: params.type,
        channel: params.channel,
        delivery: plan.delivery,
        locale: plan.locale,
        brandName: ctx.brand.name,
        ip: ctx.ip,
        sliderToken: params.sliderToken,
      });
    }),

    route(user.getSliderVerifyImg, async (_params, ctx) => deps.slider.create(ctx.ip)),

    route(user.isSliderValid, async (params) => deps.slider.answer(params.sliderId, params.x, params.track)),

    route(user.login, async (params, ctx) => startSession(ctx, await deps.accounts.login(params, callerOf(ctx)))),

    route(user.loginByAccessToken, async (params, ctx) =>
      startSession(ctx, await deps.accounts.loginByAccessToken(params.token, callerOf(ctx))),
    ),

    route(user.logout, async (_params, ctx) => {
      await deps.accounts.logout(requireSession(ctx).id);
      deps.sessions.clearCookie(ctx.request, ctx.reply);
      return {};
    }),

    route(user.getInfo, async (_params, ctx) => deps.users.info(requireSession(ctx).userId, ctx.locale)),

    route(user.updateUserInfo, async (params, ctx) =>
      deps.users.updateInfo(requireSession(ctx).userId, params, ctx.files, ctx.locale),
    ),

    route(user.changePassword, async (params, ctx) => {
      await deps.accounts.changePassword(requireSession(ctx), params);
      return {};
    }),

    route(user.changeAccount, async (params, ctx) =>
      deps.users.infoOf(await deps.accounts.changeAccount(requireSession(ctx).userId, params), ctx.locale),
    ),

    route(user.bindMobile, async (params, ctx) =>
      deps.users.infoOf(await deps.accounts.bindMobile(requireSession(ctx).userId, params), ctx.locale),
    ),

    route(user.bindEmail, async (params, ctx) =>
      deps.users.infoOf(await deps.accounts.bindEmail(requireSession(ctx).userId, params), ctx.locale),
    ),

    route(user.resetPassword, async (params, ctx) => {
      await deps.accounts.resetPassword(params, callerOf(ctx));
      return {};
    }),

    route(user.checkPassword, async (params, ctx) => {
      await deps.accounts.checkPassword(requireSession(ctx).userId, params.password);
      return {};
    }),

    route(user.isPaidFeatureAvailable, async (_params, ctx) => {
      const paidUserStatus = await deps.users.paidUserStatus(requireSession(ctx).userId);
      return { available: ctx.brand.hasPaidFeature, paidUserStatus };
    }),
  ];
}
