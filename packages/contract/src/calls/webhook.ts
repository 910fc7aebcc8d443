import { z } from 'zod';
import { defineCall } from './define';
import { emptyData, idField, intField } from './fields';

/**
 * The account's webhooks (docs/integrations.md, "Webhooks"): endpoints that hear chosen events of
 * the account's locks and gateways, each delivery signed with the endpoint's own secret, retried
 * on a published schedule, and logged.
 */

/** Every event an endpoint may choose, in the order the console lists them. */
export const WEBHOOK_EVENTS = [
  'lock.state',
  'lock.unlockRecord',
  'lock.batteryLow',
  'remoteOperation.result',
  'credential.set',
  'credential.failed',
  'gateway.online',
  'gateway.offline',
  'alert.raised',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The event type of "send a test event" (never chosen: every endpoint takes it). */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** The longest endpoint address taken. */
export const WEBHOOK_URL_MAX = 500;
/** Endpoints one account may have. */
export const WEBHOOK_ENDPOINTS_MAX = 20;
/**
 * Deliveries that may wait for one endpoint (an endpoint down for the whole retry schedule while
 * its account's locks are busy): beyond it, events are not queued for it and counted as dropped.
 */
export const WEBHOOK_PENDING_MAX = 10_000;
/** A delivery log page, at most. */
export const WEBHOOK_DELIVERIES_PAGE_MAX = 50;

/** Where a delivery stands: waiting for its next try, taken (2xx), or given up after the schedule. */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** An absolute http(s) address, at most WEBHOOK_URL_MAX characters (the server adds its own rules). */
const urlField = z
  .string()
  .trim()
  .min(1)
  .max(WEBHOOK_URL_MAX)
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
      } catch {
        return false;
      }
    },
    { message: 'an http or https address' },
  );

/** Comma-separated event names, at least one, each from WEBHOOK_EVENTS. */
const eventsField = z
  .string()
  .trim()
  .max(400)
  .transform((value) => [...new Set(value.split(',').map((name) => name.trim()))])
  .pipe(z.array(z.enum(WEBHOOK_EVENTS)).min(1));

export const webhookEndpoint = z.object({
  endpointId: z.number().int(),
  url: z.string(),
  events: z.array(z.string()),
  /** Events not queued because WEBHOOK_PENDING_MAX deliveries were already waiting. */
  droppedEvents: z.number().int(),
  lastDroppedAt: z.number().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type WebhookEndpointItem = z.infer<typeof webhookEndpoint>;

export const webhookDelivery = z.object({
  deliveryId: z.number().int(),
  endpointId: z.number().int(),
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** When the next try is due (epoch ms); null once delivered or failed. */
  nextAttemptAt: z.number().nullable(),
  lastStatusCode: z.number().int().nullable(),
  lastResponseMs: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type WebhookDeliveryItem = z.infer<typeof webhookDelivery>;

export const list = defineCall({
  path: '/webhook/list',
  method: 'GET',
  auth: 'session',
  summary: "The caller's webhook endpoints (never their secrets), oldest first.",
  params: z.object({}),
  data: z.object({ list: z.array(webhookEndpoint), max: z.number().int() }),
});

export const add = defineCall({
  path: '/webhook/add',
  method: 'POST',
  auth: 'session',
  summary:
    'Add a webhook endpoint: its address (https; http only to this machine or a private network outside production) and the events it hears (comma-separated). Its signing secret is in this reply and in /webhook/secret.',
  params: z.object({ url: urlField, events: eventsField }),
  data: z.object({ endpoint: webhookEndpoint, secret: z.string() }),
});

export const update = defineCall({
  path: '/webhook/update',
  method: 'POST',
  auth: 'session',
  summary: "Change a webhook endpoint's address and events.",
  params: z.object({ endpointId: idField, url: urlField, events: eventsField }),
  data: z.object({ endpoint: webhookEndpoint }),
});

export const remove = defineCall({
  path: '/webhook/delete',
  method: 'POST',
  auth: 'session',
  summary: 'Delete a webhook endpoint with its delivery log; deliveries still waiting are not sent.',
  params: z.object({ endpointId: idField }),
  data: emptyData,
});

export const secret = defineCall({
  path: '/webhook/secret',
  method: 'POST',
  auth: 'session',
  summary: "A webhook endpoint's signing secret.",
  params: z.object({ endpointId: idField }),
  data: z.object({ secret: z.string() }),
});

export const rotateSecret = defineCall({
  path: '/webhook/rotateSecret',
  method: 'POST',
  auth: 'session',
  summary: 'A new signing secret for a webhook endpoint; deliveries from now on are signed with it.',
  params: z.object({ endpointId: idField }),
  data: z.object({ secret: z.string() }),
});

export const deliveries = defineCall({
  path: '/webhook/deliveries',
  method: 'GET',
  auth: 'session',
  summary: "A webhook endpoint's delivery log, newest first.",
  params: z.object({
    endpointId: idField,
    pageNo: intField.pipe(z.number().int().min(1).max(10_000)).default(1),
    pageSize: intField.pipe(z.number().int().min(1).max(WEBHOOK_DELIVERIES_PAGE_MAX)).default(20),
  }),
  data: z.object({ list: z.array(webhookDelivery), total: z.number().int() }),
});

export const redeliver = defineCall({
  path: '/webhook/redeliver',
  method: 'POST',
  auth: 'session',
  summary: 'Send a delivery again now, with a fresh retry schedule.',
  params: z.object({ deliveryId: idField }),
  data: z.object({ delivery: webhookDelivery }),
});

export const sendTest = defineCall({
  path: '/webhook/sendTest',
  method: 'POST',
  auth: 'session',
  summary: `Send a test event (${WEBHOOK_TEST_EVENT}) to a webhook endpoint now.`,
  params: z.object({ endpointId: idField }),
  data: z.object({ delivery: webhookDelivery }),
});
