import {
  countryForCallingCode,
  DEFAULT_COUNTRY_CODE,
  parseAccount,
  ServiceType,
  validatePassword,
} from '@smartlock/contract';
import type { Db } from '../db/client';
import { serviceBalances } from '../db/schema';
import { findUserByAccount, insertUser, updatePasswordHash } from '../domains/user/userQueries';
import { beginTrial } from '../domains/vip/vipQueries';
import { hashPasswords, verifyPassword } from '../security/password';

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
    if (!existing.openApiPasswordHash || !(await verifyPassword(existing.passwordHash, password))) {
      await updatePasswordHash(db, existing.id, await hashPasswords(password));
    }
    await grantDemoUnits(db, existing.id);
    return existing.id;
  }
  const created = await insertUser(db, {
    email: parsed.account.type === 'email' ? parsed.account.value : null,
    mobile: parsed.account.type === 'mobile' ? parsed.account.value : null,
    countryId: countryForCallingCode(DEFAULT_COUNTRY_CODE) ?? 'AU',
    countryCode: DEFAULT_COUNTRY_CODE,
    nickname: 'Demo',
    ...(await hashPasswords(password)),
    packageName,
  });
  // The advanced function's free trial, so the demo shows templates, export and batch unlock.
  await beginTrial(db, created.id);
  await grantDemoUnits(db, created.id);
  return created.id;
}

/**
 * Units of the paid services the demo account starts with (new accounts have none), so notices,
 * fingerprints and face identification work at once.
 */
export const DEMO_SERVICE_UNITS = {
  [ServiceType.sms]: 20,
  [ServiceType.email]: 50,
  [ServiceType.fingerprint]: 50,
  [ServiceType.faceIdentify]: 50,
} as const;

/** Gives the demo account its starting units once: a restart does not top them up. */
async function grantDemoUnits(db: Db, userId: number): Promise<void> {
  await db
    .insert(serviceBalances)
    .values(
      Object.entries(DEMO_SERVICE_UNITS).map(([serviceType, units]) => ({
        userId,
        serviceType: Number(serviceType),
        units,
      })),
    )
    .onConflictDoNothing();
}
