import {
  CardStatus,
  CardType,
  CredentialStatus,
  FingerprintDeviceType,
  LOCK_CREDENTIAL_KINDS,
  type LockCredentialKind,
  type LockFeatureName,
  nameOf,
  type ValueOf,
} from '@smartlock/contract';
import type { ManageTab } from '../../app/manageTabs';

/** How a kind's credentials are added: on a page of their own, or in a dialog on the tab. */
export type AddMode = { page: string } | { dialog: 'keyFob' | 'palmVein' };

/**
 * What differs between the kinds the generic credential tab shows: everything else (the list,
 * rename, validity, delete, clear) is the same for all six. i18n texts of a kind are under
 * `credentialKind.<kind>`; those they share under `credential`.
 */
export interface KindSpec {
  kind: LockCredentialKind;
  /** The lock-detail tab (and /manage/<tab> route). */
  tab: ManageTab;
  /** The lock feature the tab needs. */
  feature: LockFeatureName;
  /** The statuses its items take: cards 1 to 15, the others 1 to 11. */
  statuses: typeof CardStatus | typeof CredentialStatus;
  /** The type column: a card's type (IC, hotel), a fingerprint's scanner make; none for the others. */
  typeColumn: 'cardType' | 'scanner' | undefined;
  /** Faces: the holder's ID number is shown. */
  idNumber: boolean;
  /** Cards: can be reported lost. */
  reportLoss: boolean;
  /** QR codes: their image can be shown again. */
  showQr: boolean;
  add: AddMode;
}

export const KINDS: Record<LockCredentialKind, KindSpec> = {
  card: {
    kind: 'card',
    tab: 'card',
    feature: 'card',
    statuses: CardStatus,
    typeColumn: 'cardType',
    idNumber: false,
    reportLoss: true,
    showQr: false,
    add: { page: '/manage/issueCard' },
  },
  fingerprint: {
    kind: 'fingerprint',
    tab: 'fingerprint',
    feature: 'fingerprint',
    statuses: CredentialStatus,
    typeColumn: 'scanner',
    idNumber: false,
    reportLoss: false,
    showQr: false,
    add: { page: '/manage/issuePrint' },
  },
  face: {
    kind: 'face',
    tab: 'face',
    feature: 'face',
    statuses: CredentialStatus,
    typeColumn: undefined,
    idNumber: true,
    reportLoss: false,
    showQr: false,
    add: { page: '/manage/issueFace' },
  },
  palmVein: {
    kind: 'palmVein',
    tab: 'palmVein',
    feature: 'palmVein',
    statuses: CredentialStatus,
    typeColumn: undefined,
    idNumber: false,
    reportLoss: false,
    showQr: false,
    add: { dialog: 'palmVein' },
  },
  qrCode: {
    kind: 'qrCode',
    tab: 'qrcode',
    feature: 'qrCode',
    statuses: CredentialStatus,
    typeColumn: undefined,
    idNumber: false,
    reportLoss: false,
    showQr: true,
    add: { page: '/manage/issueQrcode' },
  },
  keyFob: {
    kind: 'keyFob',
    tab: 'keyfob',
    feature: 'keyFob',
    statuses: CredentialStatus,
    typeColumn: undefined,
    idNumber: false,
    reportLoss: false,
    showQr: false,
    add: { dialog: 'keyFob' },
  },
};

/** Every kind, in the order of the lock-detail tabs. */
export const KIND_LIST: readonly KindSpec[] = LOCK_CREDENTIAL_KINDS.map((kind) => KINDS[kind]);

/** The kind a lock-detail tab shows, if it shows one of these. */
export function kindOfTab(tab: ManageTab): LockCredentialKind | undefined {
  return KIND_LIST.find((spec) => spec.tab === tab)?.kind;
}

/** The page a kind is added on, for a lock (kinds added in a dialog have none). */
export function addPagePath(kind: LockCredentialKind, lockId: number): string | undefined {
  const add = KINDS[kind].add;
  return 'page' in add ? `${add.page}?lockId=${lockId}` : undefined;
}

export type CredentialStatusName = keyof typeof CardStatus;

/** The name of a status (an i18n key part), for the kind's status set. */
export function statusName(kind: LockCredentialKind, status: number): CredentialStatusName | undefined {
  const statuses = KINDS[kind].statuses as Record<CredentialStatusName, number>;
  return nameOf(statuses, status as ValueOf<typeof statuses>);
}

/** Every status value of a kind. */
export function kindStatuses(kind: LockCredentialKind): number[] {
  return Object.values(KINDS[kind].statuses);
}

/** The i18n key of a status; an unknown one says so with its number (`{{code}}`). */
export function statusKey(kind: LockCredentialKind, status: number): string {
  const name = statusName(kind, status);
  return name ? `credential.status.${name}` : 'credential.status.other';
}

const COLOR: Record<CredentialStatusName, string> = {
  normal: 'success',
  invalid: 'default',
  willBeValid: 'blue',
  adding: 'processing',
  addFailed: 'error',
  updating: 'processing',
  updateFailed: 'error',
  deleting: 'processing',
  deleteFailed: 'error',
  tenantAdding: 'processing',
  tenantUpdating: 'processing',
  lost: 'warning',
  tenantAddingNew: 'processing',
  tenantUpdatingNew: 'processing',
  uploadLost: 'processing',
};

export function statusColor(kind: LockCredentialKind, status: number): string {
  const name = statusName(kind, status);
  return name ? COLOR[name] : 'default';
}

const PENDING: ReadonlySet<CredentialStatusName> = new Set<CredentialStatusName>([
  'adding',
  'updating',
  'deleting',
  'tenantAdding',
  'tenantUpdating',
  'tenantAddingNew',
  'tenantUpdatingNew',
  'uploadLost',
]);

/** Whether a credential is on its way through the gateway (its row waits for the lock). */
export function isPending(kind: LockCredentialKind, status: number): boolean {
  const name = statusName(kind, status);
  return name !== undefined && PENDING.has(name);
}

/** What can be done with a credential in a status. */
export interface RowActions {
  rename: boolean;
  changeValidity: boolean;
  remove: boolean;
  reportLoss: boolean;
  showQr: boolean;
}

const CHANGEABLE: ReadonlySet<CredentialStatusName> = new Set<CredentialStatusName>([
  'normal',
  'willBeValid',
  'invalid',
  'updateFailed',
]);
const USABLE: ReadonlySet<CredentialStatusName> = new Set<CredentialStatusName>(['normal', 'willBeValid']);

/**
 * Renaming is the cloud's own and works unless the credential is being deleted; a usable,
 * expired or not-updated credential can get a new validity; anything not on its way through
 * the gateway can be deleted; a usable (or not-updated) card can be reported lost; a usable QR
 * code can be shown again.
 */
export function rowActions(kind: LockCredentialKind, status: number): RowActions {
  const name = statusName(kind, status);
  const spec = KINDS[kind];
  return {
    rename: name !== 'deleting',
    changeValidity: name !== undefined && CHANGEABLE.has(name),
    remove: !isPending(kind, status),
    reportLoss: spec.reportLoss && (name === 'normal' || name === 'willBeValid' || name === 'updateFailed'),
    showQr: spec.showQr && name !== undefined && USABLE.has(name),
  };
}

/** The i18n key of a card's type or a fingerprint's scanner make; undefined for kinds without a type. */
export function typeKey(kind: LockCredentialKind, type: number | null): string | undefined {
  const column = KINDS[kind].typeColumn;
  if (column === undefined) return undefined;
  if (type === null) return 'credential.type.none';
  if (column === 'cardType') {
    const name = nameOf(CardType, type as ValueOf<typeof CardType>);
    return name ? `credential.cardType.${name}` : 'credential.type.other';
  }
  const name = nameOf(FingerprintDeviceType, type as ValueOf<typeof FingerprintDeviceType>);
  return name ? `credential.scanner.${name}` : 'credential.type.other';
}
