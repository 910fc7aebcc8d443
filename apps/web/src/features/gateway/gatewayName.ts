import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';

/** The contract's limit on a gateway's name (gateway.rename: required, at most 50 characters). */
export const GATEWAY_NAME_MAX = 50;

/** What is wrong with a gateway name, if anything: empty (spaces only count as empty) or too long. */
export function gatewayNameProblem(value: string): 'required' | 'tooLong' | undefined {
  const name = value.trim();
  if (name === '') return 'required';
  if (name.length > GATEWAY_NAME_MAX) return 'tooLong';
  return undefined;
}

export const gatewayNameRules = (t: TFunction): Rule[] => [
  {
    validator: async (_rule, value: unknown) => {
      const problem = gatewayNameProblem(typeof value === 'string' ? value : '');
      if (problem === 'required') throw new Error(t('gateway.nameRequired'));
      if (problem === 'tooLong') throw new Error(t('gateway.nameTooLong', { max: GATEWAY_NAME_MAX }));
    },
  },
];
