import { ServiceType } from '@smartlock/contract';
import type { Db } from '../../db/client';
import { ApiError } from '../../http/apiError';
import { holdsKey } from '../ekey/ekeyQueries';
import { type CredentialManager, credentialManager } from '../lock/credentialAccess';
import { updateLock } from '../lock/lockQueries';
import { balanceOf } from './serviceQueries';

/**
 * Face identification (docs/api.md): the lock owner buys units of the face identify service;
 * each lock says how often its eKey holders identify their face.
 */
export class FaceAuthService {
  constructor(private readonly db: Db) {}

  /**
   * The lock's manager for face identification: the owner or an authorized administrator
   * (`ownerOnly`: the owner alone). A key holder of the lock who may not is told to contact the
   * administrator (someone to send to); anyone else gets "no permission", as for a lock that does
   * not exist.
   */
  private async manager(userId: number, lockId: number, ownerOnly: boolean): Promise<CredentialManager> {
    let manager: CredentialManager | undefined;
    try {
      manager = await credentialManager(this.db, userId, lockId);
    } catch (error) {
      if (!(error instanceof ApiError) || !(await holdsKey(this.db, userId, lockId))) throw error;
    }
    if (!manager || (ownerOnly && manager.role !== 'owner')) throw new ApiError('faceAuthContactAdmin');
    return manager;
  }

  /** The lock owner's face identify units and how often the lock's eKey holders identify. */
  async lockBalance(userId: number, lockId: number) {
    const { lock } = await this.manager(userId, lockId, false);
    return {
      balance: await balanceOf(this.db, lock.ownerId, ServiceType.faceIdentify),
      frequency: lock.faceAuthFrequency,
    };
  }

  async setFrequency(userId: number, lockId: number, frequency: number): Promise<void> {
    const { lock } = await this.manager(userId, lockId, true);
    await updateLock(this.db, lock.id, { faceAuthFrequency: frequency });
  }

  /** The caller's own face identify units. */
  async ownBalance(userId: number) {
    return { balance: await balanceOf(this.db, userId, ServiceType.faceIdentify) };
  }
}
