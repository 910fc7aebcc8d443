import { z } from 'zod';

/**
 * Wire fields. Everything arrives as a string (query or form body), so numbers and flags are
 * parsed from strings; the console may hand numbers, which it sends as strings.
 */

export const intField = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^-?[0-9]{1,15}$/),
  ])
  .transform(Number)
  .pipe(z.number().int());

export function oneOf<const T extends readonly number[]>(values: T) {
  return intField.refine((v): v is T[number] => values.includes(v));
}

/** "1" yes, "0" no (also true/false). */
export const flagField = z
  .union([z.boolean(), z.enum(['0', '1', 'true', 'false'])])
  .transform((v) => v === true || v === '1' || v === 'true');

export const text = (max: number) => z.string().trim().max(max);

/** Required, non-empty text. */
export const requiredText = (max: number) => z.string().trim().min(1).max(max);

export const emptyData = z.object({});
