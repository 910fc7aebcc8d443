import { createHash } from 'node:crypto';
import {
  type CredentialItem,
  type EKeyCycle,
  hasFeature,
  type Locale,
  type LockCredentialKind,
  type RemoteOperation,
  ServiceType,
  validateIdNumber,
  validateRemark,
} from '@smartlock/contract';
import type { Db, Executor } from '../../db/client';
import { orConflict } from '../../db/conflict';
import { ApiError, assertVerdict } from '../../http/apiError';
import { pageOf } from '../../http/paging';
import { SYNC_CLEAR } from '../credentialSync/syncColumns';
import { type EKeyValidity, eKeyValidity } from '../ekey/ekeyValidity';
import { type CredentialManager, credentialManager } from '../lock/credentialAccess';
import type { LockRow } from '../lock/lockQueries';
import type { CredentialOperationName } from '../remoteOperation/commandPlan';
import type { RemoteOperationService } from '../remoteOperation/remoteOperationService';
import { balanceOf, consumeUnit } from '../service/serviceQueries';
import { IN_FLIGHT, KINDS, Status } from './credentialKinds';
import {
  busyCredentialOfKind,
  claimCredentials,
  claimCredentialsOfKind,
  clearOfKindRunning,
  deleteLostCard,
} from './credentialOperationQueries';
import { deviceValidity } from './deviceValidity';
import { checkedFacePhoto } from './facePhotoUpload';
import { presentCredential, statusNow } from './lockCredentialPresenter';
import {
  credentialById,
  credentialsOfLock,
  credentialWithCreator,
  facePhotoOf,
  hasLiveCredentialValue,
  insertCredential,
  insertFacePhoto,
  type LockCredentialRow,
  managedLocksWithCard,
  type NewLockCredential,
  nextCredentialId,
  renameCredential,
} from './lockCredentialQueries';
import { qrCodeLink, randomQrNumber } from './qrCodeLink';

type Operation = RemoteOperation;

export interface Naming {
  name?: string | undefined;
  remark?: string | undefined;
}

export interface ValidityInput {
  validityType: number;
  startDate?: number | undefined;
  endDate?: number | undefined;
  cycle?: EKeyCycle | undefined;
}

export type AddRequest = Naming & ValidityInput & { lockId: number };

/** A credential to add, as each kind's add call makes it; the rest is the same for every kind. */
interface Draft {
  kind: LockCredentialKind;
  /** The number shown, when the request gives it (KINDS[kind].number 'given'). */
  number?: string;
  /** What the lock recognises; absent for a palm vein (the lock answers it). */
  value?: string;
  type?: number | null;
  idNumber?: string | null;
  link?: string | null;
  name: string;
  remark: string;
  validity: EKeyValidity;
  /** More to write in the transaction that records the add (a face's photo, a fingerprint's unit). */
  prepare?: (tx: Executor, credentialId: number) => Promise<void>;
}

export interface Added {
  credential: CredentialItem;
  operation: Operation;
}

/** One lock's answer to a fingerprint issued to many. */
export type FingerprintResult = { lockId: number } & ({ ok: true; added: Added } | { ok: false; error: ApiError });

function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** A name or remark by the rules of section 5. */
function checkedText(value: string | undefined, field: string): string {
  const text = value ?? '';
  assertVerdict(validateRemark(text), field);
  return text;
}

/** The lock reads this kind at all (its feature of the same name). */
function requireKindFeature(lock: LockRow, kind: LockCredentialKind): void {
  if (!hasFeature(lock.featureValue, kind)) throw new ApiError('operationNotSupported', {}, `the lock has no ${kind}`);
}

/**
 * Cards, fingerprints, faces, palm veins, QR codes and key fobs: one service for every kind.
 * Each add call builds a Draft; adding, changing the validity, deleting and clearing then go
 * through the lock's gateway the same way for all (docs/api.md): the credential's status
 * changes in the transaction that records the operation, and its end (lockCredentialOutcome)
 * sets the final one. Renaming is the cloud's own.
 */
export class LockCredentialService {
  constructor(
    private readonly db: Db,
    private readonly operations: RemoteOperationService,
  ) {}

  /**
   * A face's photo, for those who manage the lock's credentials; undefined when there is none,
   * "no permission" for anyone else.
   */
  async facePhoto(userId: number, credentialId: number) {
    const found = await facePhotoOf(this.db, credentialId);
    if (!found) return undefined;
    await credentialManager(this.db, userId, found.lockId);
    return found;
  }

  async list(
    userId: number,
    kind: LockCredentialKind,
    query: { lockId: number; searchStr?: string | undefined; pageNo: number; pageSize: number },
  ) {
    await credentialManager(this.db, userId, query.lockId);
    const { rows, total } = await credentialsOfLock(this.db, query.lockId, kind, query);
    return pageOf(
      rows.map((r) => presentCredential(r.row, r.creatorAccount)),
      total,
      query.pageNo,
      query.pageSize,
    );
  }

  /** Name and remark: the cloud's own, nothing goes to the lock. */
  async rename(
    userId: number,
    kind: LockCredentialKind,
    request: Naming & { credentialId: number },
  ): Promise<{ credential: CredentialItem }> {
    const { row } = await this.managed(userId, kind, request.credentialId);
    const name = request.name === undefined ? row.name : checkedText(request.name, 'name');
    const remark = request.remark === undefined ? row.remark : checkedText(request.remark, 'remark');
    if (kind === 'face' && name === '') throw new ApiError('badParameter', {}, 'name: a face needs its holder’s name');
    await renameCredential(this.db, row.id, { name, remark });
    return { credential: await this.present(row.id) };
  }

  /** New validity through the gateway: updating, then normal with it or update failed with the old one. */
  async changePeriod(
    userId: number,
    kind: LockCredentialKind,
    request: ValidityInput & { credentialId: number },
  ): Promise<Added> {
    const { row, manager } = await this.managed(userId, kind, request.credentialId);
    requireKindFeature(manager.lock, kind);
    this.requireIdle(row);
    if (row.status === Status.lost) throw new ApiError('operationNotSupported', {}, 'the card is lost');
    const validity = eKeyValidity(request, manager.editorSpan);
    const operation = await this.startOn(
      userId,
      manager.lock,
      'changeCredential',
      { kind, credentialId: row.id, ...deviceValidity(validity) },
      [row.id],
      {
        status: Status.updating,
        pendingValidity: {
          validityType: validity.validityType,
          startDate: validity.startDate?.getTime() ?? null,
          endDate: validity.endDate?.getTime() ?? null,
          cycle: validity.cycle,
        },
      },
    );
    return { credential: await this.present(row.id), operation };
  }

  /**
   * Deletion through the gateway: deleting, then gone or delete failed. A lost card is gone from
   * the lock already (its loss was a deletion the lock confirmed): it leaves the list at once,
   * answered as an operation that has succeeded.
   */
  async remove(userId: number, kind: LockCredentialKind, credentialId: number): Promise<Operation> {
    const { row, manager } = await this.managed(userId, kind, credentialId);
    this.requireIdle(row);
    if (row.status === Status.lost) {
      return this.operations.completeInCloud(
        userId,
        manager.lock.id,
        'deleteCredential',
        { credentialId: row.id },
        (tx) => deleteLostCard(tx, row.id),
        { lock: manager.lock },
      );
    }
    requireKindFeature(manager.lock, kind);
    return this.startOn(userId, manager.lock, 'deleteCredential', { kind, credentialId: row.id }, [row.id], {
      status: Status.deleting,
    });
  }

  /** A lost card: the lock deletes it, the list keeps it as lost. */
  async reportLoss(userId: number, credentialId: number): Promise<Added> {
    const { row, manager } = await this.managed(userId, 'card', credentialId);
    requireKindFeature(manager.lock, 'card');
    this.requireIdle(row);
    if (row.status === Status.lost) throw new ApiError('operationNotSupported', {}, 'already lost');
    const operation = await this.startOn(
      userId,
      manager.lock,
      'reportCardLoss',
      { kind: 'card', credentialId: row.id },
      [row.id],
      { status: Status.deleting },
    );
    return { credential: await this.present(row.id), operation };
  }

  /** Every credential of a kind, in one command to the lock: each live one deleting, then all gone or delete failed. */
  async clear(userId: number, kind: LockCredentialKind, lockId: number): Promise<Operation> {
    const manager = await credentialManager(this.db, userId, lockId);
    requireKindFeature(manager.lock, kind);
    await this.requireNoClear(lockId, kind);
    const busy = await busyCredentialOfKind(this.db, lockId, kind);
    if (busy !== undefined) throw new ApiError('credentialBusy', {}, `credential ${busy}`);
    return this.operations.start(
      userId,
      lockId,
      { name: 'clearCredentials', credential: { kind } },
      {
        lock: manager.lock,
        prepare: async (tx, operationId) => {
          await claimCredentialsOfKind(tx, lockId, kind, operationId, { status: Status.deleting });
        },
      },
    );
  }

  async addCard(userId: number, request: AddRequest & { cardNumber: string; cardType: number }): Promise<Added> {
    const manager = await this.managerFor(userId, request.lockId, 'card');
    return this.add(userId, manager, {
      kind: 'card',
      number: request.cardNumber,
      value: request.cardNumber,
      type: request.cardType,
      ...this.common(request, manager),
    });
  }

  async addKeyFob(userId: number, request: AddRequest & { keyFobNumber: string }): Promise<Added> {
    const manager = await this.managerFor(userId, request.lockId, 'keyFob');
    const number = request.keyFobNumber.toUpperCase();
    return this.add(userId, manager, { kind: 'keyFob', number, value: number, ...this.common(request, manager) });
  }

  async addQrCode(userId: number, request: AddRequest): Promise<Added> {
    const manager = await this.managerFor(userId, request.lockId, 'qrCode');
    const number = randomQrNumber();
    return this.add(userId, manager, {
      kind: 'qrCode',
      number,
      value: number,
      link: qrCodeLink(manager.lock, number),
      ...this.common(request, manager),
    });
  }

  /** The lock enrolls the palm held over its sensor and answers its value (stored when the operation ends). */
  async addPalmVein(userId: number, request: AddRequest): Promise<Added> {
    const manager = await this.managerFor(userId, request.lockId, 'palmVein');
    return this.add(userId, manager, { kind: 'palmVein', number: '', ...this.common(request, manager) });
  }

  /**
   * A face from a photo (`photoOf`: read once the caller may add, checked before anything goes
   * to the lock); the lock gets the photo's SHA-256.
   */
  async addFace(
    userId: number,
    request: AddRequest & { idNumber: string },
    photoOf: () => Buffer,
    locale: Locale,
  ): Promise<Added> {
    const manager = await this.managerFor(userId, request.lockId, 'face');
    assertVerdict(validateIdNumber(request.idNumber), 'idNumber');
    const common = this.common(request, manager);
    if (common.name === '') throw new ApiError('badParameter', {}, 'name');
    const photo = photoOf();
    const { format } = await checkedFacePhoto(photo, locale);
    return this.add(userId, manager, {
      kind: 'face',
      value: sha256Hex(photo),
      idNumber: request.idNumber.trim(),
      ...common,
      prepare: async (tx, credentialId) => {
        await insertFacePhoto(tx, { credentialId, format, bytes: photo });
      },
    });
  }

  /**
   * A fingerprint to many locks, each in its own transaction: each lock uses one unit of its
   * owner's fingerprint service balance, taken in the transaction that records the operation (so
   * nothing is used when the command cannot go out); none left refuses that lock alone.
   */
  async addFingerprint(
    userId: number,
    request: Naming & ValidityInput & { lockIds: number[]; template: string; deviceType: number },
  ): Promise<{ results: FingerprintResult[]; balance: number }> {
    const value = sha256Hex(Buffer.from(request.template, 'base64'));
    // Permission is the call's: every lock managed, else nothing is tried.
    for (const lockId of request.lockIds) await credentialManager(this.db, userId, lockId);
    const results: FingerprintResult[] = [];
    for (const lockId of request.lockIds) {
      try {
        const manager = await this.managerFor(userId, lockId, 'fingerprint');
        const common = this.common(request, manager);
        const payer = manager.lock.ownerId;
        if ((await balanceOf(this.db, payer, ServiceType.fingerprint)) <= 0) {
          throw new ApiError('fingerprintBalanceEmpty');
        }
        const added = await this.add(userId, manager, {
          kind: 'fingerprint',
          value,
          type: request.deviceType,
          ...common,
          prepare: async (tx) => {
            if (!(await consumeUnit(tx, payer, ServiceType.fingerprint))) throw new ApiError('fingerprintBalanceEmpty');
          },
        });
        results.push({ lockId, ok: true, added });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        results.push({ lockId, ok: false, error });
      }
    }
    return { results, balance: await balanceOf(this.db, userId, ServiceType.fingerprint) };
  }

  /** The caller's managed locks holding a live card with this number. */
  async locksByCardNumber(userId: number, query: { cardNumber: string; pageNo: number; pageSize: number }) {
    const { rows, total } = await managedLocksWithCard(this.db, userId, query);
    const list = rows.map(({ row, lockName }) => ({
      lockId: row.lockId,
      lockName,
      credentialId: row.id,
      status: statusNow(row),
      startDate: row.startDate?.getTime() ?? null,
      endDate: row.endDate?.getTime() ?? null,
    }));
    return pageOf(list, total, query.pageNo, query.pageSize);
  }

  /** The caller as a manager of the lock's credentials, for a lock that reads this kind. */
  private async managerFor(userId: number, lockId: number, kind: LockCredentialKind): Promise<CredentialManager> {
    const manager = await credentialManager(this.db, userId, lockId);
    requireKindFeature(manager.lock, kind);
    return manager;
  }

  /** Name, remark and validity, as every add takes them. */
  private common(request: Naming & ValidityInput, manager: CredentialManager) {
    return {
      name: checkedText(request.name, 'name'),
      remark: checkedText(request.remark, 'remark'),
      validity: eKeyValidity(request, manager.editorSpan),
    };
  }

  /** Adds through the gateway: the row (adding) and the operation in one transaction. */
  private async add(userId: number, manager: CredentialManager, draft: Draft): Promise<Added> {
    const lock = manager.lock;
    await this.requireNoClear(lock.id, draft.kind);
    if (draft.value !== undefined) await this.requireFreeValue(lock.id, draft.kind, draft.value);
    const credentialId = await nextCredentialId(this.db);
    const number = KINDS[draft.kind].number === 'id' ? String(credentialId) : (draft.number ?? '');
    const operation = await orConflict(
      () =>
        this.operations.start(
          userId,
          lock.id,
          {
            name: 'addCredential',
            credential: {
              kind: draft.kind,
              credentialId,
              ...deviceValidity(draft.validity),
              ...(draft.value !== undefined ? { value: draft.value } : {}),
            },
          },
          {
            lock,
            prepare: async (tx, operationId) => {
              await insertCredential(tx, {
                id: credentialId,
                lockId: lock.id,
                creatorId: userId,
                kind: draft.kind,
                number,
                name: draft.name,
                remark: draft.remark,
                type: draft.type ?? null,
                ...draft.validity,
                status: Status.adding,
                idNumber: draft.idNumber ?? null,
                link: draft.link ?? null,
                value: draft.value ?? null,
                operationId,
              });
              await draft.prepare?.(tx, credentialId);
            },
          },
        ),
      'credentialExists',
    );
    return { credential: await this.present(credentialId), operation };
  }

  /**
   * Starts an operation on credentials `ids`, setting `columns` on them in the transaction that
   * records it — only while no other operation holds them (else credentialBusy, nothing sent).
   */
  private startOn(
    userId: number,
    lock: LockRow,
    name: CredentialOperationName,
    credential: Record<string, unknown>,
    ids: number[],
    columns: Partial<NewLockCredential>,
  ): Promise<Operation> {
    return this.operations.start(
      userId,
      lock.id,
      { name, credential },
      {
        lock,
        prepare: async (tx, operationId) => {
          if ((await claimCredentials(tx, ids, operationId, { ...columns, ...SYNC_CLEAR })) !== ids.length) {
            throw new ApiError('credentialBusy');
          }
        },
      },
    );
  }

  /**
   * A credential of a lock the caller manages: another account's, or one that does not exist,
   * is "no permission"; one of another kind is not found under this kind's calls.
   */
  private async managed(
    userId: number,
    kind: LockCredentialKind,
    credentialId: number,
  ): Promise<{ row: LockCredentialRow; manager: CredentialManager }> {
    const row = await credentialById(this.db, credentialId);
    if (!row) throw new ApiError('noPermission', {}, 'no such credential');
    const manager = await credentialManager(this.db, userId, row.lockId);
    if (row.kind !== kind) throw new ApiError('credentialNotFound', {}, `not a ${kind}`);
    return { row, manager };
  }

  private requireIdle(row: LockCredentialRow): void {
    if (IN_FLIGHT.has(row.status) || row.operationId !== null) throw new ApiError('credentialBusy');
  }

  /** While every credential of a kind is being cleared from a lock, nothing of that kind starts on it. */
  private async requireNoClear(lockId: number, kind: LockCredentialKind): Promise<void> {
    if (await clearOfKindRunning(this.db, lockId, kind))
      throw new ApiError('credentialBusy', {}, `clearing every ${kind}`);
  }

  private async requireFreeValue(lockId: number, kind: LockCredentialKind, value: string): Promise<void> {
    if (await hasLiveCredentialValue(this.db, lockId, kind, value)) throw new ApiError('credentialExists');
  }

  private async present(id: number): Promise<CredentialItem> {
    const found = await credentialWithCreator(this.db, id);
    if (!found) throw new ApiError('credentialNotFound');
    return presentCredential(found.row, found.creatorAccount);
  }
}
