/** Spec sections 4 and 9: orders, payments, paid services, the advanced (VIP) function. */

export const OrderStatus = { created: 1, paid: 2, overdue: 3, cancelled: 4, refunded: 5 } as const;

export const PaymentResult = {
  success: 'success',
  failed: 'failed',
  cancelled: 'cancelled',
  orderNotPaid: 'orderNotPaid',
} as const;

export const VipStatus = { notOpen: 0, trial: 1, open: 2, overdue: 3 } as const;

export const VipPackageStatus = { notOpen: 0, trial: 1, open: 2, willOverdue: 3, overdue: 4 } as const;

/** How the console shows the advanced function. */
export const AdvancedFunctionDisplay = {
  disabled: 'disabled',
  enabled: 'enabled',
  onTrial: 'onTrial',
  expired: 'expired',
  expiresSoon: 'expiresSoon',
} as const;

export const Currency = { rmb: 1, dollar: 2 } as const;

/** 1 a Chinese mobile payment app, 2 a Chinese social-app wallet, 3 an international provider. */
export const PaymentMethod = { mobilePay: 1, socialWallet: 2, international: 3 } as const;

export const ServiceType = {
  sms: 1,
  eContract: 2,
  faceIdentify: 3,
  email: 4,
  fingerprint: 5,
  vip: 99,
} as const;

export const VIP_TRIAL_DAYS = 10;
