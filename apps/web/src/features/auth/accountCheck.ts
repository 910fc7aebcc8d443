import { parseAccount, type Verdict } from '@smartlock/contract';

/**
 * The account check of the account forms, apart so that the phone-number library it needs
 * loads when a form first checks an account, not with the login page.
 */
export function checkAccount(value: string, kind: 'mobile' | 'email', callingCode: string): Verdict {
  const parsed = parseAccount(value, callingCode);
  if (!parsed.ok) return parsed.verdict;
  if (parsed.account.type !== kind) return { ok: false, error: kind === 'email' ? 'invalidEmail' : 'invalidMobile' };
  return { ok: true };
}
