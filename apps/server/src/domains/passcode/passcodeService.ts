import {
  hasFeature,
  isEmailAccount,
  type PasscodeItem,
  PasscodeStatus,
  PasscodeType,
  parseAccount,
  type RemoteOperation,
  resolveLocale,
  TemplateType,
  validatePasscodeLength,
  validatePasscodeVersion,
} from '@smartlock/contract';
import type { Db } from '../../db/client';
import { orConflict } from '../../db/conflict';
import { ApiError, assertVerdict } from '../../http/apiError';
import { pageOf } from '../../http/paging';
import { translate } from '../../i18n';
import { auditChange } from '../audit/auditNote';
import { SYNC_CLEAR } from '../credentialSync/syncColumns';
import { type CredentialManager, credentialManager } from '../lock/credentialAccess';
import type { LockRow } from '../lock/lockQueries';
import type { NoticeCaller, NoticeWriter } from '../notice/noticeWriter';
import type { RemoteOperationService } from '../remoteOperation/remoteOperationService';
import { accountNameOf, findUserByAccount } from '../user/userQueries';
import { issueOffline, type OfflineRequest, planOffline } from './offlineIssue';
import { presentPasscode } from './passcodePresenter';
import {
  hasLivePasscode,
  insertPasscode,
  nextPasscodeId,
  type PasscodeRow,
  passcodeById,
  passcodesOfLock,
  passcodeWithCreator,
  updatePasscode,
} from './passcodeQueries';
import { passcodeValidityText } from './passcodeText';
import { passcodeSpan } from './passcodeValidity';

export interface PasscodeCaller extends NoticeCaller {
  brandMinLength: number;
}

/** Statuses in which a passcode's operation is still running. */
const IN_FLIGHT = new Set<string>([PasscodeStatus.adding, PasscodeStatus.updating, PasscodeStatus.deleting]);

/** A lock that can take passcodes at all: it has a keypad and was not added by a low-version app. */
function requirePasscodeLock(lock: LockRow): void {
  if (!hasFeature(lock.featureValue, 'passcode')) throw new ApiError('operationNotSupported', {}, 'no keypad');
  assertVerdict(validatePasscodeVersion(lock.passcodeVersion), 'lockId');
}

/** Passcodes (spec sections 3, 4, 5): offline ones computed here, custom ones stored in the lock through a gateway. */
export class PasscodeService {
  constructor(
    private readonly db: Db,
    private readonly operations: RemoteOperationService,
    private readonly notices: NoticeWriter,
  ) {}

  async get(caller: PasscodeCaller, lockId: number, request: OfflineRequest): Promise<PasscodeItem> {
    const manager = await credentialManager(this.db, caller.userId, lockId);
    requirePasscodeLock(manager.lock);
    const plan = planOffline(manager.lock, request, manager.editorSpan);
    const row = await issueOffline(this.db, manager.lock, caller.userId, plan, request.keyboardPwdName ?? '');
    return presentPasscode(row, await accountNameOf(this.db, caller.userId));
  }

  async add(
    caller: PasscodeCaller,
    request: {
      lockId: number;
      keyboardPwd: string;
      keyboardPwdName?: string | undefined;
      startDate?: number | undefined;
      endDate?: number | undefined;
    },
  ): Promise<{ passcode: PasscodeItem; operation: RemoteOperation }> {
    const manager = await credentialManager(this.db, caller.userId, request.lockId);
    requirePasscodeLock(manager.lock);
    assertVerdict(validatePasscodeLength(request.keyboardPwd, { brandMin: caller.brandMinLength }), 'keyboardPwd');
    const span = passcodeSpan(request, manager.lock.timezoneRawOffset, manager.editorSpan);
    await this.requireFreeDigits(manager.lock.id, request.keyboardPwd);
    const passcodeId = await nextPasscodeId(this.db);
    const params = {
      passcodeId,
      code: request.keyboardPwd,
      ...(span ? { startDate: span.start, endDate: span.end } : {}),
    };
    const operation = await orConflict(
      () =>
        this.operations.start(
          caller.userId,
          manager.lock.id,
          { name: 'addPasscode', credential: params },
          {
            lock: manager.lock,
            prepare: async (tx, operationId) => {
              await insertPasscode(tx, {
                id: passcodeId,
                lockId: manager.lock.id,
                creatorId: caller.userId,
                code: request.keyboardPwd,
                name: request.keyboardPwdName ?? '',
                type: PasscodeType.custom,
                startDate: span ? new Date(span.start) : null,
                endDate: span ? new Date(span.end) : null,
                status: PasscodeStatus.adding,
                operationId,
              });
            },
          },
        ),
      'passcodeExists',
    );
    return { passcode: await this.present(passcodeId), operation };
  }

  async change(
    caller: PasscodeCaller,
    request: {
      keyboardPwdId: number;
      keyboardPwdName?: string | undefined;
      newKeyboardPwd?: string | undefined;
      startDate?: number | undefined;
      endDate?: number | undefined;
    },
  ): Promise<{ passcode: PasscodeItem; operation: RemoteOperation | null }> {
    const { row, manager } = await this.managedPasscode(caller.userId, request.keyboardPwdId);
    requirePasscodeLock(manager.lock);
    const changesLock =
      request.newKeyboardPwd !== undefined || request.startDate !== undefined || request.endDate !== undefined;
    if (!changesLock) {
      await updatePasscode(this.db, row.id, { name: request.keyboardPwdName ?? row.name });
      auditChange({ name: row.name }, { name: request.keyboardPwdName ?? row.name });
      return { passcode: await this.present(row.id), operation: null };
    }
    if (row.type !== PasscodeType.custom) throw new ApiError('passcodeNotChangeable');
    if (IN_FLIGHT.has(row.status)) throw new ApiError('passcodeNotChangeable', {}, 'an operation is running');
    const code = request.newKeyboardPwd ?? row.code;
    assertVerdict(validatePasscodeLength(code, { brandMin: caller.brandMinLength }), 'newKeyboardPwd');
    const dates =
      request.startDate !== undefined || request.endDate !== undefined
        ? request
        : { startDate: row.startDate?.getTime(), endDate: row.endDate?.getTime() };
    const span = passcodeSpan(dates, manager.lock.timezoneRawOffset, manager.editorSpan);
    if (code !== row.code) await this.requireFreeDigits(manager.lock.id, code);
    auditChange(
      { name: row.name, startDate: row.startDate?.getTime() ?? null, endDate: row.endDate?.getTime() ?? null },
      {
        name: request.keyboardPwdName ?? row.name,
        startDate: span?.start ?? null,
        endDate: span?.end ?? null,
        codeChanged: code !== row.code,
      },
    );
    const operation = await this.operations.start(
      caller.userId,
      manager.lock.id,
      {
        name: 'changePasscode',
        credential: { passcodeId: row.id, code, ...(span ? { startDate: span.start, endDate: span.end } : {}) },
      },
      {
        lock: manager.lock,
        prepare: async (tx, operationId) => {
          await updatePasscode(tx, row.id, {
            status: PasscodeStatus.updating,
            operationId,
            ...SYNC_CLEAR,
            name: request.keyboardPwdName ?? row.name,
          });
        },
      },
    );
    return { passcode: await this.present(row.id), operation };
  }

  async remove(userId: number, passcodeId: number): Promise<RemoteOperation> {
    const { row, manager } = await this.managedPasscode(userId, passcodeId);
    requirePasscodeLock(manager.lock);
    if (IN_FLIGHT.has(row.status)) throw new ApiError('passcodeNotChangeable', {}, 'an operation is running');
    return this.operations.start(
      userId,
      manager.lock.id,
      { name: 'deletePasscode', credential: { passcodeId: row.id, code: row.code } },
      {
        lock: manager.lock,
        prepare: async (tx, operationId) => {
          await updatePasscode(tx, row.id, { status: PasscodeStatus.deleting, operationId, ...SYNC_CLEAR });
        },
      },
    );
  }

  async list(
    userId: number,
    query: { lockId: number; searchStr?: string | undefined; pageNo: number; pageSize: number },
  ) {
    await credentialManager(this.db, userId, query.lockId);
    const { rows, total } = await passcodesOfLock(this.db, query.lockId, query);
    return pageOf(
      rows.map((r) => presentPasscode(r.row, r.creatorAccount)),
      total,
      query.pageNo,
      query.pageSize,
    );
  }

  /**
   * Sends a passcode, its lock and validity to an address, in the standard words or the lock
   * owner's passcode template, in the language of the address's account (else the caller's).
   */
  async sendNotice(
    caller: PasscodeCaller,
    request: {
      keyboardPwdId: number;
      channel: 'email' | 'sms';
      receiver: string;
      countryCode?: string | undefined;
      templateId?: number | undefined;
    },
  ): Promise<void> {
    const { row, manager } = await this.managedPasscode(caller.userId, request.keyboardPwdId);
    const parsed = parseAccount(request.receiver, request.countryCode);
    if (!parsed.ok) assertVerdict(parsed.verdict, 'receiver');
    if (!parsed.ok) throw new ApiError('accountFormatError');
    if ((request.channel === 'email') !== isEmailAccount(parsed.account.value)) {
      throw new ApiError('accountTypeNotSupported', {}, 'the receiver does not match the channel');
    }
    const reader = await findUserByAccount(this.db, parsed.account);
    const locale = resolveLocale(reader?.locale) ?? caller.locale;
    const validity = passcodeValidityText(locale, manager.lock.timezoneRawOffset, row);
    const params = { brand: caller.brandName, lock: manager.lock.name, passcode: row.code, validity };
    await this.notices.send({
      caller,
      lock: manager.lock,
      channel: request.channel,
      recipient: parsed.account.value,
      locale,
      type: TemplateType.passcode,
      templateId: request.templateId,
      standard: {
        subject: translate(locale, 'notices.passcodeSubject', params),
        body: translate(locale, 'notices.passcodeBody', params),
      },
      values: { passcode: row.code, time: validity },
      linkUntil: row.endDate?.getTime() ?? null,
      kind: 'passcodeNotice',
      metadata: { passcodeId: row.id, lockId: row.lockId },
    });
  }

  /** A passcode of a lock the caller manages; none of another account's (no permission), none deleted. */
  private async managedPasscode(
    userId: number,
    passcodeId: number,
  ): Promise<{ row: PasscodeRow; manager: CredentialManager }> {
    const row = await passcodeById(this.db, passcodeId);
    if (!row) throw new ApiError('noPermission', {}, 'no such passcode');
    const manager = await credentialManager(this.db, userId, row.lockId);
    if (row.status === PasscodeStatus.deleted) throw new ApiError('passcodeNotFound');
    return { row, manager };
  }

  private async requireFreeDigits(lockId: number, code: string): Promise<void> {
    if (await hasLivePasscode(this.db, lockId, code)) throw new ApiError('passcodeExists');
  }

  private async present(id: number): Promise<PasscodeItem> {
    const found = await passcodeWithCreator(this.db, id);
    if (!found) throw new ApiError('passcodeNotFound');
    return presentPasscode(found.row, found.creatorAccount);
  }
}
