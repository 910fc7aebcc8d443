import { ERRORS, errorMessageKey, type Locale } from '@smartlock/contract';
import type { Db } from '../../db/client';
import { ApiError } from '../../http/apiError';
import { translate } from '../../i18n';
import { mapAtMost } from '../../util/atMost';
import { ownedLocksAmong } from '../lock/lockQueries';
import { requireAdvancedFunction } from '../vip/advancedFunction';
import type { RemoteOperationService } from './remoteOperationService';

const AT_ONCE = 8;

/**
 * Batch unlock: the owner alone, with the advanced function (trial or subscribed), unlocks many
 * of their own locks at once. Each lock answers on its own: the operation it started, or why it
 * could not start (remote unlock off, no gateway...): its catalogue code and message, translated
 * into the reply language as a top-level error is.
 */
export async function batchUnlock(
  db: Db,
  operations: RemoteOperationService,
  userId: number,
  lockIds: number[],
  locale: Locale,
) {
  const owned = await ownedLocksAmong(db, userId, lockIds);
  if (owned.length !== lockIds.length) throw new ApiError('noPermission', {}, 'lockIdList');
  await requireAdvancedFunction(db, userId);
  const list = await mapAtMost(lockIds, AT_ONCE, async (lockId) => {
    try {
      const operation = await operations.start(userId, lockId, { name: 'unlock' });
      return { lockId, errorCode: 0, errorMsg: '', operation };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return {
        lockId,
        errorCode: ERRORS[error.errorName].code as number,
        errorMsg: translate(locale, errorMessageKey(error.errorName), error.params),
        operation: null,
      };
    }
  });
  return { list };
}
