import { z } from 'zod';
import { IDS_PER_CALL_MAX, RECEIVER_MAX } from '../limits';

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

/** Control characters (C0, DEL, C1): a name is one line, so none of them, line breaks included. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we refuse
const NAME_CONTROLS = /[\u0000-\u001f\u007f-\u009f]/;
/** Control characters a multi-line remark never carries (it keeps tabs and line breaks). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we refuse
const REMARK_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/**
 * Bidirectional embeddings, overrides and isolates: they reorder how the text after them is
 * shown, so "invoice\u202etxt.exe" would read as another name than it is.
 */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/;

/** The refusal of such text: the catalogue's invalidCharacters (the server answers with it). */
const invalidCharacters = (controls: RegExp) =>
  [
    (value: string) => !controls.test(value) && !BIDI_CONTROLS.test(value),
    { message: 'control or text-direction characters', params: { error: 'invalidCharacters' } },
  ] as const;

/** A name or other one-line text up to `max` characters, trimmed: no control or text-direction characters. */
export const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine(...invalidCharacters(NAME_CONTROLS));

/** Required, non-empty one-line text. */
export const requiredText = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine(...invalidCharacters(NAME_CONTROLS));

/** A remark: text that may span lines (tabs and line breaks kept), without other control or text-direction characters. */
export const remarkText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine(...invalidCharacters(REMARK_CONTROLS));

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
  .regex(new RegExp(`^[1-9][0-9]{0,9}(,[1-9][0-9]{0,9}){0,${IDS_PER_CALL_MAX - 1}}$`))
  .transform((v) => [...new Set(v.split(',').map(Number))]);

/** The schema of the JSON each jsonField carries, for the OpenAPI document (its contentSchema). */
const JSON_CONTENT = new WeakMap<object, z.ZodType>();

/** A JSON text parameter (form fields are text), parsed and then checked with `schema`. */
export function jsonField<T extends z.ZodType>(schema: T, maxLength: number) {
  const field = z
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
  JSON_CONTENT.set(field, schema);
  return field;
}

/**
 * What a jsonField's text must hold once parsed (the schema given to jsonField), or undefined
 * for any other schema: the OpenAPI generator writes it as the parameter's contentSchema.
 */
export function jsonContentOf(field: object): z.ZodType | undefined {
  return JSON_CONTENT.get(field);
}

/** What confirms a transfer (locks, gateways): the receiving account, the caller's password and a code. */
export const transferConfirmation = {
  receiverUsername: requiredText(RECEIVER_MAX),
  countryCode: text(6).optional(),
  password: z.string().min(1).max(100),
  validationCode: z
    .string()
    .trim()
    .regex(/^[0-9]{6}$/),
};
