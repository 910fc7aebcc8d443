import { REMARK_MAX_LENGTH, validateRemark } from '@smartlock/contract';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';

/** A credential's name: at most 50 characters (the contract's `name`). */
export const CREDENTIAL_NAME_MAX = 50;
export const CREDENTIAL_REMARK_MAX = REMARK_MAX_LENGTH;

/** A name or remark: the contract's remark rule (printable text, no markup characters). */
export const remarkRules = (t: TFunction): Rule[] => [
  {
    validator: async (_rule, value: string | undefined) => {
      if (!value) return;
      const verdict = validateRemark(value);
      if (!verdict.ok) throw new Error(t(`errors.${verdict.error}`));
    },
  },
];

/** The naming parameters of a call: trimmed, and left out when empty. */
export function namingParams(values: { name?: string | undefined; remark?: string | undefined }): {
  name?: string;
  remark?: string;
} {
  const name = values.name?.trim();
  const remark = values.remark?.trim();
  return { ...(name ? { name } : {}), ...(remark ? { remark } : {}) };
}

/** A card number as /card/add takes it: 4 to 20 digits (what the encoder reads, or typed). */
export function isCardNumber(value: string): boolean {
  return /^[0-9]{4,20}$/.test(value.trim());
}

/** A key fob number as printed on it: 6 to 16 hexadecimal digits. */
export function isKeyFobNumber(value: string): boolean {
  return /^[0-9A-Fa-f]{6,16}$/.test(value.trim());
}
