import { CARD_NUMBER_DIGITS, KEY_FOB_DIGITS, validateRemark } from '@smartlock/contract';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { verdictRule } from '../../ui/formRules';

/** A name or remark: the contract's remark rule (printable text, no markup characters). */
export const remarkRules = (t: TFunction): Rule[] => [verdictRule(t, validateRemark)];

/** The naming parameters of a call: trimmed, and left out when empty. */
export function namingParams(values: { name?: string | undefined; remark?: string | undefined }): {
  name?: string;
  remark?: string;
} {
  const name = values.name?.trim();
  const remark = values.remark?.trim();
  return { ...(name ? { name } : {}), ...(remark ? { remark } : {}) };
}

/** A card number as /card/add takes it: the contract's digits (what the encoder reads, or typed). */
export const CARD_NUMBER = new RegExp(`^[0-9]{${CARD_NUMBER_DIGITS.min},${CARD_NUMBER_DIGITS.max}}$`);
const KEY_FOB_NUMBER = new RegExp(`^[0-9A-Fa-f]{${KEY_FOB_DIGITS.min},${KEY_FOB_DIGITS.max}}$`);

/** Whether a card number, spaces around it aside, is one /card/add takes. */
export function isCardNumber(value: string): boolean {
  return CARD_NUMBER.test(value.trim());
}

/** A key fob number as printed on it: the contract's hexadecimal digits. */
export function isKeyFobNumber(value: string): boolean {
  return KEY_FOB_NUMBER.test(value.trim());
}
