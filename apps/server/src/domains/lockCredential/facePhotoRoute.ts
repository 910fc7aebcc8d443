import { ERRORS, type ErrorName } from '@smartlock/contract';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../http/apiError';
import type { SessionStore } from '../../http/session';
import { FACE_PHOTO_PATH } from './lockCredentialPresenter';
import type { LockCredentialService } from './lockCredentialService';

const CONTENT_TYPE: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', bmp: 'image/bmp' };

/**
 * GET /api/face/photo/:credentialId — a face's photo for the console's <img> (the face's `link`),
 * read with the session cookie like the live channel: only reads, so no request signature. Only
 * those who manage the lock's credentials see it; anyone else, or a face that does not exist,
 * gets "no permission" (403), never the bytes.
 */
export function registerFacePhotoRoute(
  app: FastifyInstance,
  deps: { credentials: LockCredentialService; sessions: SessionStore },
): void {
  app.get<{ Params: { credentialId: string } }>(`${FACE_PHOTO_PATH}/:credentialId`, async (request, reply) => {
    const refuse = (name: ErrorName) =>
      reply.code(ERRORS[name].http).header('cache-control', 'no-store').send({ errorCode: ERRORS[name].code });
    try {
      const { userId } = await deps.sessions.resolve(deps.sessions.tokenOf(request, undefined));
      const id = /^[1-9][0-9]{0,9}$/.test(request.params.credentialId) ? Number(request.params.credentialId) : 0;
      const found = id > 0 && id <= 2_147_483_647 ? await deps.credentials.facePhoto(userId, id) : undefined;
      if (!found) return refuse('noPermission');
      return reply
        .header('content-type', CONTENT_TYPE[found.format] ?? 'application/octet-stream')
        .header('cache-control', 'private, max-age=300')
        .header('x-content-type-options', 'nosniff')
        .send(found.bytes);
    } catch (error) {
      if (error instanceof ApiError) return refuse(error.errorName);
      throw error;
    }
  });
}
