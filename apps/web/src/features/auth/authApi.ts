import type { CallParams } from '@smartlock/contract/client';
import { user } from '@smartlock/contract/refs';
import type { ApiClient } from '../../api/client';

/*
 * The calls of the public screens (login, registration, password reset, the slider check, the
 * access-token page) and of logging out. Plain calls, not mutations: the login route's code stays
 * small (no mutation code), and each of these leaves the screen or clears the session itself
 * rather than refreshing queries.
 */

/** Opens a session with an account and password (and a solved slider check when the server asked for one). */
export const logIn = (api: ApiClient, params: CallParams<typeof user.login>) => api.call(user.login, params);
/** Opens a session with a token handed over (e.g. by the mobile app): the outcome, never a thrown failure. */
export const logInByAccessToken = (api: ApiClient, token: string) => api.outcome(user.loginByAccessToken, { token });
/** Ends the session. */
export const logOut = (api: ApiClient) => api.call(user.logout);
export const register = (api: ApiClient, params: CallParams<typeof user.register>) => api.call(user.register, params);
export const resetPassword = (api: ApiClient, params: CallParams<typeof user.resetPassword>) =>
  api.call(user.resetPassword, params);
/** Sends a validation code to an account; resolves to how long until another may be sent. */
export const sendValidationCode = (api: ApiClient, params: CallParams<typeof user.sendValidationCode>) =>
  api.call(user.sendValidationCode, params);
/** A new slider-check puzzle: the picture, the piece and where it sits. */
export const sliderPuzzle = (api: ApiClient) => api.call(user.getSliderVerifyImg);
/** Answers a slider-check puzzle; resolves to a one-use token when the answer is right. */
export const answerSlider = (api: ApiClient, params: CallParams<typeof user.isSliderValid>) =>
  api.call(user.isSliderValid, params);
