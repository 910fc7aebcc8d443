import { validatePassword } from '@smartlock/contract';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { verdictRule } from '../../ui/formRules';

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
  // An empty field has the required rule's one message, not a second one about its format.
  verdictRule(t, async (value) =>
    value.trim() === '' ? { ok: true } : (await import('./accountCheck')).checkAccount(value, kind, callingCode()),
  ),
];
