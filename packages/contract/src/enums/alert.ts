/** What an alert is about (docs/governance.md, Alerts). */
export const AlertKind = {
  batteryLow: 'batteryLow',
  gatewayOffline: 'gatewayOffline',
  wrongPasscodes: 'wrongPasscodes',
  doorLeftOpen: 'doorLeftOpen',
  quietHoursUnlock: 'quietHoursUnlock',
  tamper: 'tamper',
} as const;
export type AlertKindName = (typeof AlertKind)[keyof typeof AlertKind];
export const ALERT_KINDS: readonly AlertKindName[] = Object.values(AlertKind);

/** How an alert reaches its owner besides the console. */
export const AlertDelivery = { console: 'console', email: 'email', sms: 'sms' } as const;
export type AlertDeliveryName = (typeof AlertDelivery)[keyof typeof AlertDelivery];

/** The rules' defaults: what an account without settings of its own gets. */
export const ALERT_DEFAULTS = {
  batteryPercent: 20,
  gatewayOfflineMinutes: 10,
  wrongPasscodeCount: 5,
  wrongPasscodeMinutes: 5,
  doorOpenMinutes: 10,
  /** Quiet hours as minutes of the lock's day; start equal to end: none. */
  quietStart: 0,
  quietEnd: 0,
} as const;

/** Bounds of the settings. */
export const ALERT_LIMITS = {
  minutesMax: 10_080,
  wrongPasscodeCountMax: 100,
} as const;
