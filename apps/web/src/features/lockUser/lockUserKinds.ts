import {
  CredentialKind,
  LOCK_CREDENTIAL_KINDS,
  type LockCredentialKind,
  type LockUserCredential,
  ValidityType,
  type ValueOf,
} from '@smartlock/contract';
import { type Clock, formatInstant, formatSpan, type Translate } from '../credentials/validityText';
import { eKeyStatusKey } from '../ekey/ekeyStatus';
import { statusKey } from '../lockCredential/kinds';
import { passcodeStatusKey } from '../passcode/passcodeStatus';

/** A credential kind as the lock-user calls name it ('ekey', 'passcode', 'card', ..., 'qrcode', 'keyfob'). */
export type LockUserKind = ValueOf<typeof CredentialKind>;

/** Every kind, in the order of the lock-detail tabs. */
export const LOCK_USER_KINDS: readonly LockUserKind[] = Object.values(CredentialKind);

const LOCK_CREDENTIAL_KIND = new Map<string, LockCredentialKind>(
  LOCK_CREDENTIAL_KINDS.map((kind) => [CredentialKind[kind], kind]),
);

const isLockUserKind = (kind: string): kind is LockUserKind => (LOCK_USER_KINDS as readonly string[]).includes(kind);

/** The kind a card, fingerprint, ... has in the lock-credential screens ('qrcode' is 'qrCode' there). */
export function lockCredentialKindOf(kind: string): LockCredentialKind | undefined {
  return LOCK_CREDENTIAL_KIND.get(kind);
}

/** The i18n key of a kind's name (one eKey, one card, ...). */
export function kindNameKey(kind: string): string {
  return isLockUserKind(kind) ? `lockUser.kind.${kind}` : 'lockUser.kind.other';
}

/** The kinds a person holds, with how many of each, in tab order; kinds they hold none of are left out. */
export function heldKinds(kinds: Readonly<Record<LockUserKind, number>>): [LockUserKind, number][] {
  return LOCK_USER_KINDS.map((kind): [LockUserKind, number] => [kind, kinds[kind] ?? 0]).filter(
    ([, count]) => count > 0,
  );
}

/** The i18n key of a credential's status, by its kind's own status codes (`{{code}}` for an unknown one). */
export function credentialStatusKey(kind: string, status: string): string {
  if (kind === CredentialKind.eKey) return eKeyStatusKey(status);
  if (kind === CredentialKind.passcode) return passcodeStatusKey(status);
  const lockKind = lockCredentialKindOf(kind);
  return lockKind ? statusKey(lockKind, Number(status)) : 'credential.status.other';
}

type Validity = Pick<LockUserCredential, 'kind' | 'validityType' | 'startDate' | 'endDate'>;

/** Whether a credential never ends (a permanent eKey, passcode, card, ...). */
export function isPermanent(item: Validity): boolean {
  return item.validityType === ValidityType.permanent;
}

/**
 * A credential's validity in the lock's time, read the same for every kind (the server gives
 * passcodes the ValidityType eKeys and cards use): permanent, one-time within (or from) its
 * start, recurring within its days, or its span.
 */
export function lockUserValidityText(t: Translate, item: Validity, clock: Clock): string {
  const { startDate, endDate } = item;
  const span = (withTime: boolean) =>
    startDate !== null && endDate !== null ? formatSpan(startDate, endDate, clock, withTime) : undefined;
  switch (item.validityType) {
    case ValidityType.permanent:
      return t('validity.permanent');
    case ValidityType.once: {
      const within = span(true);
      if (within) return t('validity.onceWithin', { span: within });
      return startDate === null
        ? t('validity.once')
        : t('validity.onceFrom', { start: formatInstant(startDate, clock) });
    }
    case ValidityType.cyclic: {
      const days = span(false);
      return days ? t('lockUser.validity.cyclic', { span: days }) : t('validity.types.cyclic');
    }
    default:
      return span(true) ?? t('validity.permanent');
  }
}
