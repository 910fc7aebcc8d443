import { randomInt } from 'node:crypto';
import {
  ACTIVATION_HOURS,
  HOUR_MS,
  hasFeature,
  localHourOf,
  PASSCODE_NAME_MAX,
  PasscodeStatus,
  PasscodeType,
  passcodeMinLength,
  utcOfLocalHour,
  ValidityType,
} from '@smartlock/contract';
import type { Db } from '../../db/client';
import { ApiError } from '../../http/apiError';
import { findLockById } from '../lock/lockQueries';
import type { LockCredentialService } from '../lockCredential/lockCredentialService';
import { hasLivePasscode } from '../passcode/passcodeQueries';
import type { PasscodeCaller, PasscodeService } from '../passcode/passcodeService';
import type { FeedAudit } from './feedAudit';
import type { CredentialListed, StayRow } from './stayQueries';

/** What issuing a stay's code on one lock came to: its passcode, or why not (a message key). */
export type IssueResult =
  | { passcodeId: number; code: string }
  | { errorKey: string; errorParams: Record<string, string | number> };

/** Statuses in which a passcode's operation is still running: left alone until it ends. */
const IN_FLIGHT = new Set<string>([PasscodeStatus.adding, PasscodeStatus.updating, PasscodeStatus.deleting]);
/** Statuses of a passcode that is (or may be) on the lock: revoking one removes it. */
const ON_LOCK = new Set<string>([
  PasscodeStatus.normal,
  PasscodeStatus.addFailed,
  PasscodeStatus.updateFailed,
  PasscodeStatus.deleteFailed,
]);
/** Tries for free digits before giving up (random digits of 6 or more rarely clash). */
const DIGIT_TRIES = 5;

/** A stay's code's digits: random, of the brand's minimum passcode length and at least 6. */
export function randomDigits(brandMinLength: number): string {
  const length = Math.max(6, passcodeMinLength(brandMinLength));
  let digits = '';
  for (let i = 0; i < length; i++) digits += String(randomInt(10));
  return digits;
}

/** How far back a custom code's start may be set: the rule is 24 hours, an hour is kept in hand. */
const START_BACK_MS = 23 * HOUR_MS;

/**
 * A custom code's start: the stay's window's, or, for a stay under way for longer than the rule
 * allows, now (to the minute); the same answer for the same window later (no change each read).
 */
function customStart(validFrom: number, now: number): number {
  return validFrom >= now - START_BACK_MS ? validFrom : Math.floor(now / 60_000) * 60_000;
}

const failure = (error: unknown): IssueResult => {
  if (error instanceof ApiError) return { errorKey: `errors.${error.errorName}`, errorParams: error.params };
  throw error;
};

/**
 * A stay's passcodes on its locks, through the passcode service as the feed's owner: a custom
 * code stored in the lock through its gateway (random digits, never digits live on the lock,
 * the same on every lock of a group where free), or where the lock has no gateway reaching it an
 * offline period code, which must be used within 24 hours of its start (offlineCodeExpired when
 * its start is further past). Moves change the validity; revocations remove the code.
 */
export class StayIssuer {
  constructor(
    private readonly db: Db,
    private readonly passcodes: PasscodeService,
    private readonly qrCodes: LockCredentialService,
    private readonly audit: FeedAudit,
    private readonly now: () => number = Date.now,
  ) {}

  /** The trail's entry of a change the feed started on a stay's passcode. */
  private audited(
    path: string,
    stay: Pick<StayRow, 'id' | 'feedId'>,
    ownerId: number,
    lockId: number,
    target: Record<string, number>,
    params: Record<string, unknown>,
  ): Promise<void> {
    return this.audit.record({ path, feedId: stay.feedId, stayId: stay.id, ownerId, lockId, target, params });
  }

  /** Issues the stay's code on a lock, preferring `digits` (else fresh ones). */
  async issue(caller: PasscodeCaller, stay: StayRow, lockId: number, digits: string): Promise<IssueResult> {
    const now = this.now();
    const name = (stay.guestName || stay.summary || stay.uid).slice(0, PASSCODE_NAME_MAX);
    const start = customStart(stay.validFrom.getTime(), now);
    let code = digits;
    try {
      for (let tries = 0; tries < DIGIT_TRIES; tries++) {
        if (await hasLivePasscode(this.db, lockId, code)) {
          code = randomDigits(caller.brandMinLength);
          continue;
        }
        try {
          const added = await this.passcodes.add(caller, {
            lockId,
            keyboardPwd: code,
            keyboardPwdName: name,
            startDate: start,
            endDate: stay.validTo.getTime(),
          });
          await this.audited(
            '/passcode/add',
            stay,
            caller.userId,
            lockId,
            { keyboardPwdId: added.passcode.keyboardPwdId },
            {
              keyboardPwdName: name,
              startDate: start,
              endDate: stay.validTo.getTime(),
            },
          );
          return { passcodeId: added.passcode.keyboardPwdId, code };
        } catch (error) {
          if (error instanceof ApiError && error.errorName === 'passcodeExists') {
            code = randomDigits(caller.brandMinLength);
            continue;
          }
          if (error instanceof ApiError && error.errorName === 'lockNotConnectedToGateway') {
            return await this.issueOffline(caller, stay, lockId, name);
          }
          throw error;
        }
      }
      throw new ApiError('passcodeExists');
    } catch (error) {
      return failure(error);
    }
  }

  /**
   * An offline period code for the stay's window in whole hours of the lock. Such a code must be
   * used within 24 hours of its start: one whose start is further past would never open the lock.
   */
  private async issueOffline(
    caller: PasscodeCaller,
    stay: StayRow,
    lockId: number,
    name: string,
  ): Promise<IssueResult> {
    const lock = await findLockById(this.db, lockId);
    if (!lock) throw new ApiError('noPermission', {}, 'no such lock');
    const offset = lock.timezoneRawOffset;
    const now = this.now();
    const startDate = utcOfLocalHour(localHourOf(stay.validFrom.getTime(), offset), offset);
    if (startDate < now - ACTIVATION_HOURS * HOUR_MS) throw new ApiError('offlineCodeExpired');
    const endHour = Math.ceil((stay.validTo.getTime() + offset) / HOUR_MS);
    const item = await this.passcodes.get(caller, lockId, {
      keyboardPwdType: PasscodeType.limited,
      startDate,
      endDate: utcOfLocalHour(endHour, offset),
      keyboardPwdName: name,
    });
    await this.audited(
      '/passcode/get',
      stay,
      caller.userId,
      lockId,
      { keyboardPwdId: item.keyboardPwdId },
      {
        keyboardPwdType: PasscodeType.limited,
        keyboardPwdName: name,
        startDate,
        endDate: utcOfLocalHour(endHour, offset),
      },
    );
    return { passcodeId: item.keyboardPwdId, code: item.keyboardPwd };
  }

  /**
   * A moved stay's code on one lock follows its window: a custom code is changed on the lock; an
   * offline code cannot be, so it is revoked and issued again. Undefined when nothing is to do yet.
   */
  async move(caller: PasscodeCaller, stay: StayRow, credential: CredentialListed): Promise<IssueResult | undefined> {
    const passcode = credential.passcode;
    if (!passcode || IN_FLIGHT.has(passcode.status) || passcode.status === PasscodeStatus.deleted) return undefined;
    const now = this.now();
    const wantedStart = stay.validFrom.getTime();
    const wantedEnd = stay.validTo.getTime();
    const start = passcode.startDate?.getTime() ?? 0;
    const end = passcode.endDate?.getTime() ?? 0;
    const moved =
      passcode.type === PasscodeType.custom
        ? end !== wantedEnd || (wantedStart >= now - START_BACK_MS && start !== wantedStart)
        : Math.abs(end - wantedEnd) >= HOUR_MS || Math.abs(start - wantedStart) >= HOUR_MS;
    if (!moved) return undefined;
    try {
      if (passcode.type === PasscodeType.custom) {
        const window = { startDate: customStart(wantedStart, now), endDate: wantedEnd };
        await this.passcodes.change(caller, { keyboardPwdId: passcode.id, ...window });
        await this.audited(
          '/passcode/change',
          stay,
          caller.userId,
          passcode.lockId,
          { keyboardPwdId: passcode.id },
          window,
        );
        return { passcodeId: passcode.id, code: passcode.code };
      }
      await this.revoke(caller.userId, stay.feedId, credential);
      return this.issue(caller, stay, credential.credential.lockId, randomDigits(caller.brandMinLength));
    } catch (error) {
      return failure(error);
    }
  }

  /** Removes a stay's code from its lock (as a remote operation); a code without a gateway stays until it ends. */
  async revoke(
    userId: number,
    feedId: number,
    credential: CredentialListed,
  ): Promise<{ errorKey: string; errorParams: Record<string, string | number> } | undefined> {
    const passcode = credential.passcode;
    if (!passcode || !ON_LOCK.has(passcode.status)) return undefined;
    try {
      await this.passcodes.remove(userId, passcode.id);
      await this.audited(
        '/passcode/delete',
        { id: credential.credential.stayId, feedId },
        userId,
        passcode.lockId,
        { keyboardPwdId: passcode.id },
        {},
      );
      return undefined;
    } catch (error) {
      const result = failure(error);
      return 'errorKey' in result ? result : undefined;
    }
  }

  /**
   * The stay's QR code on a lock that reads QR codes, stored through its gateway for the stay's
   * window (the guest page shows it); undefined where the lock reads none or it could not be
   * stored: the passcode stands alone, and the next read tries again.
   */
  async issueQr(caller: PasscodeCaller, stay: StayRow, lockId: number): Promise<number | undefined> {
    const lock = await findLockById(this.db, lockId);
    if (!lock || !hasFeature(lock.featureValue, 'qrCode')) return undefined;
    const window = {
      validityType: ValidityType.limited,
      startDate: customStart(stay.validFrom.getTime(), this.now()),
      endDate: stay.validTo.getTime(),
    };
    const name = (stay.guestName || stay.summary || stay.uid).slice(0, PASSCODE_NAME_MAX);
    try {
      const added = await this.qrCodes.addQrCode(caller.userId, { lockId, name, ...window });
      const credentialId = added.credential.credentialId;
      await this.audited('/qrcode/add', stay, caller.userId, lockId, { credentialId }, { name, ...window });
      return credentialId;
    } catch (error) {
      if (error instanceof ApiError) return undefined;
      throw error;
    }
  }

  /** A moved stay's QR code follows its window (a change through the gateway). */
  async moveQr(caller: PasscodeCaller, stay: StayRow, lockId: number, credentialId: number): Promise<void> {
    const window = {
      validityType: ValidityType.limited,
      startDate: customStart(stay.validFrom.getTime(), this.now()),
      endDate: stay.validTo.getTime(),
    };
    try {
      await this.qrCodes.changePeriod(caller.userId, 'qrCode', { credentialId, ...window });
      await this.audited('/qrcode/changePeriod', stay, caller.userId, lockId, { credentialId }, window);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    }
  }

  /** Removes a stay's QR code from its lock; one gone already, or busy, is left to the next read. */
  async revokeQr(userId: number, stay: Pick<StayRow, 'id' | 'feedId'>, lockId: number, credentialId: number) {
    try {
      await this.qrCodes.remove(userId, 'qrCode', credentialId);
      await this.audited('/qrcode/delete', stay, userId, lockId, { credentialId }, {});
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    }
  }

  /** Whether any of these credentials' passcodes has an operation running. */
  static busy(credentials: CredentialListed[]): boolean {
    return credentials.some((c) => c.passcode !== null && IN_FLIGHT.has(c.passcode.status));
  }
}
