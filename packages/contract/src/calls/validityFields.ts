import { z } from 'zod';
import { eKeyCycleSchema } from '../credentials/eKeyCredential';
import { intField, jsonField } from './fields';

/** An instant as epoch milliseconds (UTC), from 2000 to 2200. */
export const epochField = intField.pipe(z.number().int().min(946_684_800_000).max(7_258_118_400_000));

/** A weekly cycle as JSON text: {"weekDays":[1,2,3],"startMinute":480,"endMinute":1080}. */
export const cycleField = jsonField(eKeyCycleSchema, 400);

/** Validity fields every credential shares: permanent needs no dates. */
export const validityParams = {
  startDate: epochField.optional(),
  endDate: epochField.optional(),
};
