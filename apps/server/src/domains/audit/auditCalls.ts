import type { CallDefinition } from '@smartlock/contract';

/**
 * Which calls the audit trail records, written once (docs/governance.md "Audit trail"): every
 * POST call that succeeds, except these, which change nothing an owner audits: checks and
 * reads sent as POST, the sending of a validation code, the slider, record uploads (the records
 * are the lock's own log), a face photo's check, export preparation, and the unlock link or a
 * stay's guest page used by its bearer (the unlock is in the lock's records; the link's creation is audited).
 * Login and logout are recorded as security events on the account's own trail.
 */
const NOT_CHANGES = new Set<string>([
  '/user/checkPassword',
  '/user/isPaidFeatureAvailable',
  '/user/isSliderValid',
  '/user/sendValidationCode',
  '/lock/queryDate',
  '/lock/queryState',
  '/lock/export',
  '/lock/exportUser',
  '/lock/getExportUserNum',
  '/lock/unlockByLink',
  '/stay/guestUnlock',
  '/lockRecord/upload',
  '/face/checkPhoto',
  '/ekey/sync',
]);

/** Does a successful call of this definition append an audit entry? */
export function isAuditedChange(call: CallDefinition): boolean {
  return call.method === 'POST' && !NOT_CHANGES.has(call.path);
}

/** What a parameter's value becomes when it is a secret. */
export const REDACTED = '[redacted]';

/**
 * Parameters never written to the trail: passwords, validation codes, tokens, passcodes
 * (the trail is kept for years and exported; a passcode in force is a door key, so the entry
 * says it was set or changed, not to what), fingerprint templates and identity numbers.
 */
const SECRET_PARAM = /password|validationcode|token|keyboardpwd$|^template$|^idnumber$|^track$|secret/i;

/** Strings longer than this are cut in the trail; arrays keep this many items. */
const TEXT_MAX = 256;
const ITEMS_MAX = 100;

/** A value as the trail keeps it: bounded, JSON only (what the database gives back is what was hashed). */
function bounded(value: unknown, depth: number): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: NUL cannot be stored in jsonb.
    const clean = value.replace(/\u0000/g, '');
    return clean.length > TEXT_MAX ? `${clean.slice(0, TEXT_MAX)}…` : clean;
  }
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value;
  if (value instanceof Date) return value.getTime();
  if (depth >= 4) return '…';
  if (Array.isArray(value)) {
    const items = value.slice(0, ITEMS_MAX).map((item) => bounded(item, depth + 1));
    return value.length > ITEMS_MAX ? [...items, `… ${value.length - ITEMS_MAX} more`] : items;
  }
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      if (item !== undefined) out[key] = SECRET_PARAM.test(key) ? REDACTED : bounded(item, depth + 1);
    }
    return out;
  }
  return String(value);
}

/** A call's parameters as the trail keeps them: secrets redacted, sizes bounded. */
export function auditedParams(params: unknown): Record<string, unknown> {
  const kept = bounded(params, 0);
  return kept && typeof kept === 'object' && !Array.isArray(kept) ? (kept as Record<string, unknown>) : {};
}

/** A value noted as before or after: bounded like parameters, secrets redacted. */
export function auditedValue(value: unknown): unknown {
  return bounded(value, 0);
}

/** The parameters that name what a call acts on. */
const TARGET_PARAMS = [
  'lockId',
  'keyId',
  'keyboardPwdId',
  'credentialId',
  'gatewayId',
  'groupId',
  'adminUid',
  'templateId',
  'orderNo',
  'lockIdList',
  'lockIds',
  'gatewayIdList',
  'groupIds',
  'receiverUsername',
  'lockUser',
] as const;

/** What a call acts on, from its parameters ({ keyId: 5 }, { lockIdList: [1, 2] }...). */
export function auditTarget(params: Record<string, unknown>): Record<string, unknown> {
  const target: Record<string, unknown> = {};
  for (const name of TARGET_PARAMS) if (params[name] !== undefined) target[name] = params[name];
  return target;
}

/** The user agent as kept: at most this long. */
export const USER_AGENT_MAX = 300;
