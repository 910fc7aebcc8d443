/**
 * The credential an eKey holder's app receives and shows a lock over Bluetooth
 * (docs/credentials.md): the key's validity and cycle, signed by the cloud with a key derived
 * from the lock's secret. The lock checks the signature, its own MAC, the validity by its own
 * clock, the cycle in its own timezone, the credential's own age (`notAfter`, by its own clock), a
 * once key's single use, and the revocations the cloud sent it through a gateway. The holder never
 * sees the lock's secret.
 */
import { z } from 'zod';
import { canonicalJson } from '../device/canonicalJson';
import { ValidityType } from '../enums/credential';
import { hmacSha256Hex } from '../hmac';

/** A weekly cycle: on these weekdays (1 Monday to 7 Sunday), from startMinute to endMinute, lock-local. */
export const eKeyCycleSchema = z.object({
  weekDays: z.array(z.number().int().min(1).max(7)).min(1).max(7),
  startMinute: z.number().int().min(0).max(1439),
  endMinute: z.number().int().min(1).max(1440),
});
export type EKeyCycle = z.infer<typeof eKeyCycleSchema>;

export const eKeyGrantSchema = z.object({
  /** 2 since credentials carry `notAfter`: a lock refuses version 1 (a permanent one never expired). */
  v: z.literal(2),
  lockMac: z.string(),
  keyId: z.number().int().positive(),
  /** Raised by every freeze, validity change, reset and deletion: the lock refuses older versions it was told of. */
  version: z.number().int().min(1),
  username: z.string(),
  /** ValidityType: 1 permanent, 2 limited, 3 once, 4 cyclic. */
  validityType: z.number().int().min(1).max(4),
  /** Epoch ms (UTC); absent for permanent keys. */
  startDate: z.number().optional(),
  endDate: z.number().optional(),
  cycle: eKeyCycleSchema.optional(),
  remoteUnlock: z.boolean(),
  issuedAt: z.number(),
  /**
   * Epoch ms (UTC): the lock refuses the credential from then on by its own clock, whatever the
   * key's validity. The key's end or `issuedAt` plus the lock's maximum credential age, whichever
   * comes first (`credentialNotAfter`); the holder's app syncs for a fresh one.
   */
  notAfter: z.number(),
});
export type EKeyGrant = z.infer<typeof eKeyGrantSchema>;

/** What a grant says of the key's own validity (`grantAdmits` reads nothing else). */
export type EKeyGrantValidity = Pick<EKeyGrant, 'validityType' | 'startDate' | 'endDate' | 'cycle'>;

const DAY_MS = 24 * 3_600_000;

/**
 * A credential's not-after: the key's end (none for a permanent key) or its issue time plus the
 * lock's maximum credential age in days, whichever comes first. Every key type has one, so a
 * revoked key dies on a lock no gateway reaches within that age of its last sync.
 */
export function credentialNotAfter(endDate: number | undefined, issuedAt: number, maxAgeDays: number): number {
  const aged = issuedAt + maxAgeDays * DAY_MS;
  return endDate === undefined ? aged : Math.min(endDate, aged);
}

/** Whether a credential is still within its age at `lockTime` (the lock's clock, UTC ms). */
export function credentialCurrent(grant: Pick<EKeyGrant, 'notAfter'>, lockTime: number): boolean {
  return lockTime < grant.notAfter;
}

export function eKeyCredentialKey(lockSecret: string): Promise<string> {
  return hmacSha256Hex(lockSecret, 'smartlock/ekey/v1');
}

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string | undefined {
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return undefined;
  }
}

/** `<base64url canonical JSON>.<hex HMAC>`. */
export async function signEKeyGrant(key: string, grant: EKeyGrant): Promise<string> {
  const body = toBase64Url(canonicalJson(grant));
  return `${body}.${await hmacSha256Hex(key, body)}`;
}

/** The grant inside a credential, or undefined when it is malformed or not signed with this key. */
export async function readEKeyGrant(key: string, credential: string): Promise<EKeyGrant | undefined> {
  const [body, mac, extra] = credential.split('.');
  if (!body || !mac || extra !== undefined || body.length > 4096) return undefined;
  const expected = await hmacSha256Hex(key, body);
  if (expected.length !== mac.length) return undefined;
  let diff = 0;
  for (let i = 0; i < mac.length; i++) diff |= expected.charCodeAt(i) ^ mac.charCodeAt(i);
  if (diff !== 0) return undefined;
  const json = fromBase64Url(body);
  if (json === undefined) return undefined;
  try {
    const parsed = eKeyGrantSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether a key's validity (as a grant states it) admits a moment: `lockTime` is the lock's clock
 * (UTC ms), `offsetMs` its timezone. The credential's own age is `credentialCurrent`.
 */
export function grantAdmits(grant: EKeyGrantValidity, lockTime: number, offsetMs: number): boolean {
  if (grant.validityType === ValidityType.permanent) return true;
  if (grant.startDate === undefined || grant.endDate === undefined) return false;
  if (lockTime < grant.startDate || lockTime >= grant.endDate) return false;
  if (grant.validityType !== ValidityType.cyclic) return true;
  if (!grant.cycle) return false;
  const local = new Date(lockTime + offsetMs);
  const weekDay = ((local.getUTCDay() + 6) % 7) + 1;
  const minute = local.getUTCHours() * 60 + local.getUTCMinutes();
  return grant.cycle.weekDays.includes(weekDay) && minute >= grant.cycle.startMinute && minute < grant.cycle.endMinute;
}
