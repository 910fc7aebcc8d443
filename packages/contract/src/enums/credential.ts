/** Spec section 4: credential states, types and validity. */

export const EKeyStatus = {
  normal: '110401',
  waitingAccept: '110402',
  freezing: '110404',
  frozen: '110405',
  unfreezing: '110406',
  deleting: '110407',
  deleted: '110408',
  resetting: '110409',
  reset: '110410',
  updating: '110411',
  overdue: '110412',
  invalid: '110413',
} as const;

export const PasscodeStatus = {
  normal: '110501',
  reset: '110502',
  deleted: '110503',
  invalid: '110504',
  willBeValid: '110505',
  adding: '110506',
  addFailed: '110507',
  updating: '110508',
  updateFailed: '110509',
  deleting: '110510',
  deleteFailed: '110511',
  tenantAdding: '110512',
  tenantUpdating: '110513',
} as const;

/** Card status (numbers 1 to 15). */
export const CardStatus = {
  normal: 1,
  invalid: 2,
  willBeValid: 3,
  adding: 4,
  addFailed: 5,
  updating: 6,
  updateFailed: 7,
  deleting: 8,
  deleteFailed: 9,
  tenantAdding: 10,
  tenantUpdating: 11,
  lost: 12,
  tenantAddingNew: 13,
  tenantUpdatingNew: 14,
  uploadLost: 15,
} as const;

/** Fingerprint, face, palm vein, QR code and key fob use 1 to 11 as cards do. */
export const CredentialStatus = {
  normal: 1,
  invalid: 2,
  willBeValid: 3,
  adding: 4,
  addFailed: 5,
  updating: 6,
  updateFailed: 7,
  deleting: 8,
  deleteFailed: 9,
  tenantAdding: 10,
  tenantUpdating: 11,
} as const;

export const EKeyType = { normal: 1, cyclic: 4 } as const;

/** Validity span of any credential. */
export const ValidityType = { permanent: 1, limited: 2, once: 3, cyclic: 4 } as const;

export const PasscodeVersion = { notAllowed: 0, v2s1: 2, v2s2: 3, v3: 4 } as const;

export const PasscodeType = {
  once: 1,
  permanent: 2,
  limited: 3,
  clear: 4,
  cyclic: 5,
  custom: 6,
} as const;

/**
 * A passcode's validity in the vocabulary every credential kind shares (ValidityType), so eKeys,
 * passcodes, cards... read alike (the lock-user views, the export): a once code and a clear code
 * (it erases the lock's passcodes on its one use) are once; a permanent code is permanent; a
 * limited code is limited; a cyclic code (subtypes 5 to 14) is cyclic; a custom code is
 * permanent without an end, else limited. Undefined for a type no passcode has.
 */
export function passcodeValidityType(
  passcodeType: number,
  hasEnd: boolean,
): (typeof ValidityType)[keyof typeof ValidityType] | undefined {
  switch (passcodeType) {
    case PasscodeType.once:
    case PasscodeType.clear:
      return ValidityType.once;
    case PasscodeType.permanent:
      return ValidityType.permanent;
    case PasscodeType.limited:
      return ValidityType.limited;
    case PasscodeType.cyclic:
      return ValidityType.cyclic;
    case PasscodeType.custom:
      return hasEnd ? ValidityType.limited : ValidityType.permanent;
    default:
      return undefined;
  }
}

/** Cyclic passcode subtypes 5 to 14. */
export const CyclicPasscodeSubtype = {
  weekend: 5,
  daily: 6,
  weekday: 7,
  monday: 8,
  tuesday: 9,
  wednesday: 10,
  thursday: 11,
  friday: 12,
  saturday: 13,
  sunday: 14,
} as const;

/** Authorized-admin flag on an eKey. */
export const EKeyAuthorized = { no: 0, yes: 1 } as const;

/** The credential kinds the console manages. */
export const CredentialKind = {
  eKey: 'ekey',
  passcode: 'passcode',
  card: 'card',
  fingerprint: 'fingerprint',
  face: 'face',
  palmVein: 'palmVein',
  qrCode: 'qrcode',
  keyFob: 'keyfob',
} as const;

/** IC card kinds: an ordinary IC card, or a hotel card written by the card encoder. */
export const CardType = { ic: 1, hotel: 2 } as const;

/** The credential kinds a lock stores through its gateway (beyond eKeys and passcodes). */
export const LOCK_CREDENTIAL_KINDS = ['card', 'fingerprint', 'face', 'palmVein', 'qrCode', 'keyFob'] as const;
export type LockCredentialKind = (typeof LOCK_CREDENTIAL_KINDS)[number];
