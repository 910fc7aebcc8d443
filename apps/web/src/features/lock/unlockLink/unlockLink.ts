import { hasFeature, LockSwitch, RemoteUnlockSwitch, UNLOCK_LINK_MAX_MINUTES } from '@smartlock/contract';

export { UNLOCK_LINK_PATH, unlockLinkUrl } from '@smartlock/contract';

/** The longest validity the cloud accepts: 7 days, in minutes. */
export const MAX_VALID_MINUTES = UNLOCK_LINK_MAX_MINUTES;

/** The validity choices the dialog offers, in minutes; "custom" lets the user type minutes. */
export const VALIDITY_CHOICES = [
  { key: 'hour', minutes: 60 },
  { key: 'day', minutes: 24 * 60 },
  { key: 'week', minutes: MAX_VALID_MINUTES },
] as const;

export type ValidityKey = (typeof VALIDITY_CHOICES)[number]['key'] | 'custom';

/** Whether a number of minutes is one the cloud accepts (a whole number from 1 minute to 7 days). */
export function isValidMinutes(minutes: unknown): minutes is number {
  return typeof minutes === 'number' && Number.isInteger(minutes) && minutes >= 1 && minutes <= MAX_VALID_MINUTES;
}

/** The minutes of a choice: the preset's, or the custom value when it is valid; undefined otherwise. */
export function validMinutesOf(choice: ValidityKey, custom: number | null | undefined): number | undefined {
  if (choice === 'custom') return isValidMinutes(custom) ? custom : undefined;
  return VALIDITY_CHOICES.find((c) => c.key === choice)?.minutes;
}

/** The token format the cloud issues (URL-safe base64, 20 to 100 characters). */
const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

/** The token of an unlock link's query, or undefined when it is missing or malformed. */
export function parseUnlockToken(raw: string | null | undefined): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const token = raw.trim();
  return TOKEN.test(token) ? token : undefined;
}

/**
 * Whether the lock-detail header offers an unlock link: a door lock (not a car-park lock) bound
 * to a gateway (online or not: a link lasts days, and opens once the gateway is back) that
 * supports remote unlock or has it on, unless the lock last reported it off.
 */
export function canShareUnlockLink(lock: {
  isParkingLock: boolean;
  featureValue: string;
  switches: Record<string, number>;
  hasGateway: number;
}): boolean {
  if (lock.isParkingLock || lock.hasGateway !== 1) return false;
  const reported = lock.switches[LockSwitch.remoteUnlock];
  if (reported === RemoteUnlockSwitch.off) return false;
  return reported === RemoteUnlockSwitch.on || hasFeature(lock.featureValue, 'remoteUnlockSwitch');
}
