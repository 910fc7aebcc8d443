import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';

/** The contract's limit on the names people give things (locks, groups, gateways: at most 50 characters). */
export const NAME_MAX = 50;

/** What is wrong with a name, if anything: empty (spaces only count as empty) or too long. */
export function nameProblem(value: string, max = NAME_MAX): 'required' | 'tooLong' | undefined {
  const name = value.trim();
  if (name === '') return 'required';
  if (name.length > max) return 'tooLong';
  return undefined;
}

/** The form rule of a name: not empty, at most `max` characters. */
export const nameRules = (t: TFunction, max = NAME_MAX): Rule[] => [
  {
    validator: async (_rule, value: unknown) => {
      const problem = nameProblem(typeof value === 'string' ? value : '', max);
      if (problem === 'required') throw new Error(t('form.nameRequired'));
      if (problem === 'tooLong') throw new Error(t('form.nameTooLong', { count: max }));
    },
  },
];
