import { parseAccount, type Verdict, validatePassword } from '@smartlock/contract';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';

/** A form rule from a contract rule: the same check and message as the server's. */
export function verdictRule(t: TFunction, check: (value: string) => Verdict): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      const verdict = check(typeof value === 'string' ? value : '');
      if (!verdict.ok) throw new Error(t(`errors.${verdict.error}`, verdict.params));
    },
  };
}

export const passwordRules = (t: TFunction): Rule[] => [
  { required: true, message: t('auth.passwordRequired') },
  verdictRule(t, validatePassword),
];

export const confirmRules = (t: TFunction, field = 'password'): Rule[] => [
  { required: true, message: t('auth.confirmRequired') },
  ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      if (value !== getFieldValue(field)) throw new Error(t('errors.passwordsDoNotMatch'));
    },
  }),
];

export const accountRules = (t: TFunction, kind: 'mobile' | 'email', callingCode: () => string): Rule[] => [
  { required: true, message: t(kind === 'email' ? 'auth.emailRequired' : 'auth.mobileRequired') },
  verdictRule(t, (value) => {
    const parsed = parseAccount(value, callingCode());
    if (!parsed.ok) return parsed.verdict;
    if (parsed.account.type !== kind) return { ok: false, error: kind === 'email' ? 'invalidEmail' : 'invalidMobile' };
    return { ok: true };
  }),
];
