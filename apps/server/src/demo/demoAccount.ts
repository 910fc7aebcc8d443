import { countryForCallingCode, DEFAULT_COUNTRY_CODE, parseAccount, validatePassword } from '@smartlock/contract';
import type { Db } from '../db/client';
import { findUserByAccount, insertUser, updatePasswordHash } from '../domains/user/userQueries';
import { hashPassword, verifyPassword } from '../security/password';

/**
 * Makes sure the demo account exists with the configured password, so a newcomer can log in
 * at once. Started with DEMO=false (the default in production), nothing is created.
 */
export async function ensureDemoAccount(db: Db, account: string, password: string, packageName: string) {
  const parsed = parseAccount(account);
  if (!parsed.ok) throw new Error(`DEMO_ACCOUNT "${account}" is not a valid email or mobile number`);
  if (!validatePassword(password).ok) throw new Error('DEMO_PASSWORD does not meet the password rules');
  const existing = await findUserByAccount(db, parsed.account);
  if (existing) {
    if (!(await verifyPassword(existing.passwordHash, password))) {
      await updatePasswordHash(db, existing.id, await hashPassword(password));
    }
    return existing.id;
  }
  const created = await insertUser(db, {
    email: parsed.account.type === 'email' ? parsed.account.value : null,
    mobile: parsed.account.type === 'mobile' ? parsed.account.value : null,
    countryId: countryForCallingCode(DEFAULT_COUNTRY_CODE) ?? 'AU',
    countryCode: DEFAULT_COUNTRY_CODE,
    nickname: 'Demo',
    passwordHash: await hashPassword(password),
    packageName,
  });
  return created.id;
}
