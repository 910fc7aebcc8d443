import { ERRORS, type ErrorName } from '@smartlock/contract';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../http/apiError';
import type { SessionStore } from '../../http/session';
import { AVATAR_PATH, avatarVersion } from './avatar';
import type { UserService } from './userService';

/**
 * GET /api/user/avatar/:uid?v=<version> — an account's avatar for the console's <img> (the
 * user info's headUrl), read with the session cookie like the face photos: avatars are not
 * public, so without a live session the answer is 401. The address changes with the image (v is
 * the start of its SHA-256), so a matching one is cached for good; any other v gets the current
 * image, to be checked again.
 */
export function registerAvatarRoute(app: FastifyInstance, deps: { users: UserService; sessions: SessionStore }): void {
  app.get<{ Params: { uid: string }; Querystring: { v?: string } }>(`${AVATAR_PATH}/:uid`, async (request, reply) => {
    const refuse = (name: ErrorName) =>
      reply.code(ERRORS[name].http).header('cache-control', 'no-store').send({ errorCode: ERRORS[name].code });
    try {
      await deps.sessions.resolve(deps.sessions.tokenOf(request, undefined));
      const id = /^[1-9][0-9]{0,9}$/.test(request.params.uid) ? Number(request.params.uid) : 0;
      const avatar = id > 0 && id <= 2_147_483_647 ? await deps.users.avatar(id) : undefined;
      if (!avatar) return refuse('notFound');
      const current = request.query.v === avatarVersion(avatar.sha256);
      return reply
        .header('content-type', avatar.contentType)
        .header('cache-control', current ? 'private, max-age=31536000, immutable' : 'private, no-cache')
        .header('x-content-type-options', 'nosniff')
        .send(avatar.bytes);
    } catch (error) {
      if (error instanceof ApiError) return refuse(error.errorName);
      throw error;
    }
  });
}
