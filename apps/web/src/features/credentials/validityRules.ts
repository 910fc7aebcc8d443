import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { type ValidityDraft, validityIssue } from './validity';

/** The form rule of a validity field: the contract's checks, as of when the user submits or edits. */
export const validityRules = (t: TFunction): Rule[] => [
  {
    validator: async (_rule, value: ValidityDraft | undefined) => {
      if (!value) return;
      const issue = validityIssue(value, Date.now());
      if (issue) throw new Error(t(issue.key, issue.params));
    },
  },
];
