// Generated from src/calls by `npm run generate -w @smartlock/contract`: do not edit.
// The user calls as the browser needs them (no schemas); src/refs.test.ts holds them to src/calls.
import type * as calls from '../calls';
import type { CallRef } from '../calls/define';

export const user = {
  AVATAR_MAX_BYTES: 1048576,
  bindEmail: { path: '/user/bindEmail', method: 'POST', auth: 'session' } as CallRef<typeof calls.user.bindEmail>,
  bindMobile: { path: '/user/bindMobile', method: 'POST', auth: 'session' } as CallRef<typeof calls.user.bindMobile>,
  changeAccount: { path: '/user/changeAccount', method: 'POST', auth: 'session' } as CallRef<
    typeof calls.user.changeAccount
  >,
  changePassword: { path: '/user/changePassword', method: 'POST', auth: 'session' } as CallRef<
    typeof calls.user.changePassword
  >,
  checkPassword: { path: '/user/checkPassword', method: 'POST', auth: 'session' } as CallRef<
    typeof calls.user.checkPassword
  >,
  getInfo: { path: '/user/getInfo', method: 'GET', auth: 'session' } as CallRef<typeof calls.user.getInfo>,
  getSliderVerifyImg: { path: '/user/getSliderVerifyImg', method: 'GET', auth: 'public' } as CallRef<
    typeof calls.user.getSliderVerifyImg
  >,
  isPaidFeatureAvailable: { path: '/user/isPaidFeatureAvailable', method: 'POST', auth: 'session' } as CallRef<
    typeof calls.user.isPaidFeatureAvailable
  >,
  isSliderValid: { path: '/user/isSliderValid', method: 'POST', auth: 'public' } as CallRef<
    typeof calls.user.isSliderValid
  >,
  login: { path: '/user/login', method: 'POST', auth: 'public' } as CallRef<typeof calls.user.login>,
  loginByAccessToken: { path: '/user/loginByAccessToken', method: 'POST', auth: 'public' } as CallRef<
    typeof calls.user.loginByAccessToken
  >,
  logout: { path: '/user/logout', method: 'POST', auth: 'session' } as CallRef<typeof calls.user.logout>,
  register: { path: '/user/register', method: 'POST', auth: 'public' } as CallRef<typeof calls.user.register>,
  resetPassword: { path: '/user/resetPassword', method: 'POST', auth: 'public' } as CallRef<
    typeof calls.user.resetPassword
  >,
  sendValidationCode: { path: '/user/sendValidationCode', method: 'POST', auth: 'public' } as CallRef<
    typeof calls.user.sendValidationCode
  >,
  transferUserConfirm: { path: '/user/transferUserConfirm', method: 'POST', auth: 'session' } as CallRef<
    typeof calls.user.transferUserConfirm
  >,
  unregister: { path: '/user/unregister', method: 'POST', auth: 'session' } as CallRef<typeof calls.user.unregister>,
  updateUserInfo: {
    path: '/user/updateUserInfo',
    method: 'POST',
    auth: 'session',
    upload: { part: 'avatar', maxBytes: 1048576, tooLarge: 'photoTooLarge' },
  } as CallRef<typeof calls.user.updateUserInfo>,
} as const;
