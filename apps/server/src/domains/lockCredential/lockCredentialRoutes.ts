import {
  ERRORS,
  errorMessageKey,
  LOCK_CREDENTIAL_KINDS,
  type LockCredentialKind,
  lockCredential,
} from '@smartlock/contract';
import { requireSession } from '../../http/context';
import { type Route, route } from '../../http/router';
import { translate } from '../../i18n';
import { checkedFacePhoto, uploadedPhoto } from './facePhotoUpload';
import type { LockCredentialService } from './lockCredentialService';

const { card, face, fingerprint, keyFob, palmVein, qrCode, listLocksByCardNumber, LOCK_CREDENTIAL_CALLS } =
  lockCredential;

/** The five calls every kind has, routed to the one service with the kind. */
function commonRoutes(service: LockCredentialService, kind: LockCredentialKind): Route[] {
  // Every kind's calls share one shape; the card's types stand for all.
  const calls = LOCK_CREDENTIAL_CALLS[kind] as unknown as typeof card;
  return [
    route(calls.list, async (params, ctx) => service.list(requireSession(ctx).userId, kind, params)),
    route(calls.rename, async (params, ctx) => service.rename(requireSession(ctx).userId, kind, params)),
    route(calls.changePeriod, async (params, ctx) => service.changePeriod(requireSession(ctx).userId, kind, params)),
    route(calls.remove, async (params, ctx) => ({
      operation: await service.remove(requireSession(ctx).userId, kind, params.credentialId),
    })),
    route(calls.clear, async (params, ctx) => ({
      operation: await service.clear(requireSession(ctx).userId, kind, params.lockId),
    })),
  ];
}

/** Cards, fingerprints, faces, palm veins, QR codes and key fobs (docs/api.md). */
export function lockCredentialRoutes(service: LockCredentialService): Route[] {
  return [
    ...LOCK_CREDENTIAL_KINDS.flatMap((kind) => commonRoutes(service, kind)),
    route(card.add, async (params, ctx) => service.addCard(requireSession(ctx).userId, params)),
    route(card.reportLoss, async (params, ctx) => service.reportLoss(requireSession(ctx).userId, params.credentialId)),
    route(keyFob.add, async (params, ctx) => service.addKeyFob(requireSession(ctx).userId, params)),
    route(qrCode.add, async (params, ctx) => service.addQrCode(requireSession(ctx).userId, params)),
    route(palmVein.add, async (params, ctx) => service.addPalmVein(requireSession(ctx).userId, params)),
    route(face.add, async (params, ctx) => {
      const userId = requireSession(ctx).userId;
      return service.addFace(userId, params, () => uploadedPhoto(ctx.files), ctx.locale);
    }),
    route(face.checkPhoto, async (_params, ctx) => {
      requireSession(ctx);
      const { width, height } = await checkedFacePhoto(uploadedPhoto(ctx.files), ctx.locale);
      return { width, height };
    }),
    route(fingerprint.add, async (params, ctx) => {
      const { results, balance } = await service.addFingerprint(requireSession(ctx).userId, params);
      return {
        balance,
        results: results.map((result) =>
          result.ok
            ? { lockId: result.lockId, errorCode: 0, errorMsg: '', ...result.added }
            : {
                lockId: result.lockId,
                errorCode: ERRORS[result.error.errorName].code,
                errorMsg: translate(ctx.locale, errorMessageKey(result.error.errorName), result.error.params),
                credential: null,
                operation: null,
              },
        ),
      };
    }),
    route(listLocksByCardNumber, async (params, ctx) => service.locksByCardNumber(requireSession(ctx).userId, params)),
  ];
}
