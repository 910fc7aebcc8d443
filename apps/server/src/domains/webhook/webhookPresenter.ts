import type { WebhookDeliveryItem, WebhookDeliveryStatus, WebhookEndpointItem } from '@smartlock/contract';
import type { WebhookDeliveryRow } from './webhookDeliveryQueries';
import type { WebhookEndpointRow } from './webhookQueries';

export function presentEndpoint(row: WebhookEndpointRow): WebhookEndpointItem {
  return {
    endpointId: row.id,
    url: row.url,
    events: row.events,
    droppedEvents: row.droppedEvents,
    lastDroppedAt: row.lastDroppedAt?.getTime() ?? null,
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
  };
}

export function presentDelivery(row: WebhookDeliveryRow): WebhookDeliveryItem {
  const status = row.status as WebhookDeliveryStatus;
  return {
    deliveryId: row.id,
    endpointId: row.endpointId ?? 0,
    eventId: row.eventId,
    eventType: row.eventType,
    status,
    attempts: row.attempts,
    nextAttemptAt: status === 'pending' ? row.nextAttemptAt.getTime() : null,
    lastStatusCode: row.lastStatusCode,
    lastResponseMs: row.lastResponseMs,
    lastError: row.lastError,
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
  };
}
