import { z } from 'zod';
import { ALERT_KINDS, ALERT_LIMITS, AlertDelivery } from '../enums/alert';
import { valuesOf } from '../enums/define';
import { pageSchema } from '../envelope';
import { defineCall } from './define';
import { emptyData, flagField, idField, intField, pageParams } from './fields';

/**
 * Alerts and the notification centre (docs/governance.md, Alerts): what the account's locks and
 * gateways raised, read and unread, and the rules that raise them.
 */

const kind = z.enum(ALERT_KINDS as unknown as [string, ...string[]]);
const delivery = z.enum(valuesOf(AlertDelivery) as ['console', 'email', 'sms']);

export const alertItem = z.object({
  alertId: z.number().int(),
  kind: z.string(),
  lockId: z.number().int().nullable(),
  lockAlias: z.string().nullable(),
  gatewayId: z.number().int().nullable(),
  gatewayName: z.string().nullable(),
  /** What raised it: battery, minutes, count, recordType, at (epoch ms). */
  details: z.record(z.string(), z.union([z.number(), z.string()])),
  raisedAt: z.number().int(),
  read: z.boolean(),
  cleared: z.boolean(),
  /** "", "email", "sms", "smsNoUnits" (skipped: no SMS units left), "failed". */
  delivery: z.string(),
});
export type AlertItem = z.infer<typeof alertItem>;

export const alertSettingsSchema = z.object({
  batteryPercent: z.number().int(),
  gatewayOfflineMinutes: z.number().int(),
  wrongPasscodeCount: z.number().int(),
  wrongPasscodeMinutes: z.number().int(),
  doorOpenMinutes: z.number().int(),
  quietStart: z.number().int(),
  quietEnd: z.number().int(),
  delivery: z.record(z.string(), z.string()),
});
export type AlertSettings = z.infer<typeof alertSettingsSchema>;

const minutes = intField.pipe(z.number().int().min(1).max(ALERT_LIMITS.minutesMax));
const minuteOfDay = intField.pipe(z.number().int().min(0).max(1439));

export const list = defineCall({
  path: '/alert/list',
  method: 'GET',
  auth: 'session',
  summary: "The caller's alerts, newest first, optionally of one kind or unread only; with the unread count.",
  params: z.object({ ...pageParams, kind: kind.optional(), unreadOnly: flagField.optional() }),
  data: pageSchema(alertItem).extend({ unread: z.number().int() }),
});

export const unreadCount = defineCall({
  path: '/alert/unreadCount',
  method: 'GET',
  auth: 'session',
  summary: "How many of the caller's alerts are unread (the console's bell).",
  params: z.object({}),
  data: z.object({ unread: z.number().int() }),
});

export const read = defineCall({
  path: '/alert/read',
  method: 'POST',
  auth: 'session',
  summary: "Mark one of the caller's alerts read (another account's answers as not found).",
  params: z.object({ alertId: idField }),
  data: z.object({ unread: z.number().int() }),
});

export const readAll = defineCall({
  path: '/alert/readAll',
  method: 'POST',
  auth: 'session',
  summary: 'Mark every alert of the caller read (or every one of a kind).',
  params: z.object({ kind: kind.optional() }),
  data: z.object({ unread: z.number().int() }),
});

export const getSettings = defineCall({
  path: '/alert/getSettings',
  method: 'GET',
  auth: 'session',
  summary: "The caller's alert rules (the defaults until changed) and each kind's delivery.",
  params: z.object({}),
  data: alertSettingsSchema,
});

export const updateSettings = defineCall({
  path: '/alert/updateSettings',
  method: 'POST',
  auth: 'session',
  summary:
    'Change the alert rules: battery threshold (1–99 %), gateway offline minutes, K wrong passcodes within M minutes, door left unlocked minutes, quiet hours (minutes of the lock’s day; start equal to end: none), and per kind delivery (console, email, sms; SMS uses the account’s SMS units).',
  params: z.object({
    batteryPercent: intField.pipe(z.number().int().min(1).max(99)),
    gatewayOfflineMinutes: minutes,
    wrongPasscodeCount: intField.pipe(z.number().int().min(2).max(ALERT_LIMITS.wrongPasscodeCountMax)),
    wrongPasscodeMinutes: minutes,
    doorOpenMinutes: minutes,
    quietStart: minuteOfDay,
    quietEnd: minuteOfDay,
    batteryLow: delivery.default('console'),
    gatewayOffline: delivery.default('console'),
    wrongPasscodes: delivery.default('console'),
    doorLeftOpen: delivery.default('console'),
    quietHoursUnlock: delivery.default('console'),
    tamper: delivery.default('console'),
  }),
  data: emptyData,
});
