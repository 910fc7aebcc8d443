import { CardStatus, CredentialStatus, type LockCredentialKind } from '@smartlock/contract';

/**
 * What sets the kinds apart, beyond the add call each has. `number` is where the number a list
 * shows comes from: the add request (card, key fob, QR code), the credential's own id
 * (fingerprint, face: the lock knows them by it), or the lock's answer (palm vein: the lock
 * enrolls the palm held over its sensor and answers its number, which is also its value).
 */
export interface KindSpec {
  number: 'given' | 'id' | 'lock';
  /** Cards can be reported lost: the lock forgets them, the list keeps them as lost. */
  canBeLost: boolean;
}

export const KINDS: Record<LockCredentialKind, KindSpec> = {
  card: { number: 'given', canBeLost: true },
  fingerprint: { number: 'id', canBeLost: false },
  face: { number: 'id', canBeLost: false },
  palmVein: { number: 'lock', canBeLost: false },
  qrCode: { number: 'given', canBeLost: false },
  keyFob: { number: 'given', canBeLost: false },
};

/** Statuses as stored (cards use the same numbers, plus lost). */
export const Status = { ...CredentialStatus, lost: CardStatus.lost } as const;

/** Statuses in which an operation is running: another one is refused (credentialBusy). */
export const IN_FLIGHT: ReadonlySet<number> = new Set([Status.adding, Status.updating, Status.deleting]);

/** Statuses of credentials the lock no longer holds but the list keeps: not live (not counted, numbers free). */
export const NOT_LIVE: readonly number[] = [Status.lost];
