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

/** Control characters text never carries (tab, line feed and carriage return are allowed). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we refuse
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const withoutControlCharacters = (value: string) => !CONTROL_CHARACTERS.test(value);

/** Text up to `max` characters, trimmed, without control characters. */
export const text = (max: number) => z.string().trim().max(max).refine(withoutControlCharacters, 'control characters');

/** Required, non-empty text. */
export const requiredText = (max: number) =>
  z.string().trim().min(1).max(max).refine(withoutControlCharacters, 'control characters');

export const emptyData = z.object({});

/** A record's id: a positive integer with no leading zero (spec section 5's route rule for lockId). */
export const idField = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^[1-9][0-9]{0,9}$/),
  ])
  .transform(Number)
  .pipe(z.number().int().positive().max(2_147_483_647));

/** pageNo from 1 and pageSize up to PAGE_SIZE.max. */
export const pageParams = {
  pageNo: intField.pipe(z.number().int().min(1).max(1_000_000)).default(1),
  pageSize: intField.pipe(z.number().int().min(1).max(200)).default(20),
};

/** Comma-separated ids ("3,5,8"), at least one, each a positive integer. */
export const idListField = z
  .string()
  .trim()
  .regex(/^[1-9][0-9]{0,9}(,[1-9][0-9]{0,9}){0,199}$/)
  .transform((v) => [...new Set(v.split(',').map(Number))]);

/** A JSON text parameter (form fields are text), parsed and then checked with `schema`. */
export function jsonField<T extends z.ZodType>(schema: T, maxLength: number) {
  return z
    .string()
    .max(maxLength)
    .transform((raw, ctx) => {
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'not JSON' });
        return z.NEVER;
      }
    })
    .pipe(schema);
}

/** What confirms a transfer (locks, gateways): the receiving account, the caller's password and a code. */
export const transferConfirmation = {
  receiverUsername: requiredText(100),
  countryCode: text(6).optional(),
  password: z.string().min(1).max(100),
  validationCode: z
    .string()
    .trim()
    .regex(/^[0-9]{6}$/),
};
