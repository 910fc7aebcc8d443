import { normalizeMac, validateRemark } from '@smartlock/contract';
import { ApiError, assertVerdict } from '../../http/apiError';

/**
 * The identity a paired device is registered with: its MAC in canonical form and a name that
 * is valid text. `field` names the parameters in the error's description ("lock", "gateway").
 */
export function deviceIdentity(field: 'lock' | 'gateway', rawMac: string, name: string): { mac: string; name: string } {
  const mac = normalizeMac(rawMac);
  if (!mac) throw new ApiError('badParameter', {}, `${field}Mac`);
  return { mac, name: validatedName(field, name) };
}

/** A name a user gives (lock, gateway, group), which must be valid text: registration and renaming alike. */
export function validatedName(field: 'lock' | 'gateway' | 'group', name: string): string {
  assertVerdict(validateRemark(name), `${field}Name`);
  return name;
}
