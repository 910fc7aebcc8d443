/** Spec section 9: accounts, validation codes and face identification. */

export const AccountType = { mobile: 'mobile', email: 'email' } as const;

/** Which account types a brand accepts; the default is both. */
export const BrandAccountType = { mobileAndEmail: 0, mobile: 1, email: 2 } as const;

export const ValidationCodeType = {
  register: 1,
  resetPassword: 3,
  newDeviceLogin: 4,
  bindMobile: 5,
  bindEmail: 8,
  transferLock: 9,
  unregister: 10,
  changeAccount: 12,
} as const;

export const ValidationCodeChannel = { sms: 1, voice: 2 } as const;

export const FaceIdentifyFrequency = { firstTimeOnly: 1, daily: 2, weekly: 3, monthly: 4 } as const;

export const FingerprintDeviceType = { scannerA: 1, scannerB: 2 } as const;

export const DEFAULT_COUNTRY_CODE = '+61';

/** The console's session cookie and session-storage keys. */
export const ACCESS_TOKEN_COOKIE = 'ACCESS_TOKEN';
export const SessionStorageKey = {
  groupId: 'groupId',
  lockId: 'lockId',
  cardNumberMsg: 'cardNumberMsg',
} as const;
