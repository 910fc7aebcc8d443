/** Spec sections 4 and 9: orders, payments, paid services, the advanced (VIP) function. */

export const OrderStatus = { created: 1, paid: 2, overdue: 3, cancelled: 4, refunded: 5 } as const;

/** What the user is told after a checkout (spec section 4). */
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

/** The services sold as packages of units (the price list names them so). */
export const UNIT_SERVICES = ['sms', 'email', 'faceIdentify', 'fingerprint'] as const;
export type UnitService = (typeof UNIT_SERVICES)[number];

/** The channels a notice goes out on, and the message templates written for them. */
export const MessageChannel = { sms: 'sms', email: 'email' } as const;

/** What a message template is for: a passcode's notice, or an eKey's. */
export const TemplateType = { passcode: 1, eKey: 2 } as const;

/** The documentation of a template type (openapi.json, docs/api.md). */
export const TEMPLATE_TYPE_DESCRIPTION =
  'TemplateType: 1 passcode notice (its text must contain {room} and {passcode}; /passcode/sendNotice uses it), 2 eKey notice (/ekey/sendNotice uses it). Both may also use {time}, {appLink} and {unlockLink}.';

export const VIP_TRIAL_DAYS = 10;
/** A subscription ending within this many days shows "expires soon" (VipPackageStatus.willOverdue). */
export const VIP_EXPIRES_SOON_DAYS = 30;
/** How many years one order of the advanced function may buy. */
export const VIP_MAX_YEARS = 3;
/** How long an order waits for its payment before it is overdue. */
export const ORDER_PAYMENT_MINUTES = 30;
/** How long after paying an unused purchase may be refunded. */
export const REFUND_WINDOW_DAYS = 7;
