import type { WebhookDeliveryRow } from './webhookDeliveryQueries';

/** How one try of a delivery is sent: where, with which headers, and which answer means taken. */
export interface PreparedTry {
  url: string;
  headers: Record<string, string>;
  /** Taken: the status and the answer's start (at most ANSWER_MAX bytes). */
  taken(status: number, answer: string): boolean;
}

/**
 * A kind of delivery (`webhook_deliveries.kind`): turns a claimed row into a try at `now` (epoch
 * ms), or a reason it cannot be sent any more (its endpoint or address is gone): then it is failed.
 * Throwing counts as a failed try (tried again on the schedule).
 */
export interface DeliveryKind {
  prepare(row: WebhookDeliveryRow, now: number): Promise<PreparedTry | { gone: string }>;
}
