import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { issueRule } from '../../ui/formRules';
import { type ValidityDraft, validityIssue } from './validity';

/** The form rule of a validity field: the contract's checks, as of when the user submits or edits. */
export const validityRules = (t: TFunction): Rule[] => [
  issueRule<ValidityDraft>(t, (value) => (value ? validityIssue(value, Date.now()) : undefined)),
];
