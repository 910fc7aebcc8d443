import { z } from 'zod';

/** Every reply: `{ errorCode, errorMsg, description, data }` (spec section 7). */
export interface Envelope<T> {
  errorCode: number;
  errorMsg: string;
  description: string;
  data: T | null;
}

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    errorCode: z.number().int(),
    errorMsg: z.string(),
    description: z.string(),
    data: data.nullable(),
  });
}

/** A page of a list: `data.list` plus paging, pageNo from 1. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    pageNo: z.number().int(),
    pageSize: z.number().int(),
    pages: z.number().int(),
    total: z.number().int(),
  });
}

export const PAGE_SIZE = { default: 20, max: 200 } as const;
