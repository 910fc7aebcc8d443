import { lockCredential } from '@smartlock/contract';
import { requireSession } from '../../http/context';
import { type Route, route } from '../../http/router';
import type { FaceAuthService } from './faceAuthService';

/** Face identification: the units it uses and how often each lock's eKey holders identify their face. */
export function faceAuthRoutes(faceAuth: FaceAuthService): Route[] {
  return [
    route(lockCredential.getFaceAuthNumBalance, async (params, ctx) =>
      faceAuth.lockBalance(requireSession(ctx).userId, params.lockId),
    ),

    route(lockCredential.updateFaceAuthFrequency, async (params, ctx) => {
      await faceAuth.setFrequency(requireSession(ctx).userId, params.lockId, params.frequency);
      return {};
    }),

    route(lockCredential.getFaceAuthInfo, async (_params, ctx) => faceAuth.ownBalance(requireSession(ctx).userId)),
  ];
}
