import { randomBytes } from 'node:crypto';
import {
  type DataOf,
  type ParsedParamsOf,
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_TEST_EVENT,
  type webhook,
} from '@smartlock/contract';
import type { Db } from '../../db/client';
import { ApiError } from '../../http/apiError';
import type { Sealer } from '../../security/crypto';
import {
  deliveriesOfEndpoint,
  insertDeliveries,
  restartDelivery,
  type WebhookDeliveryRow,
  webhookDeliveryOf,
} from './webhookDeliveryQueries';
import { newEventId, type WebhookEventBody } from './webhookEvents';
import { presentDelivery, presentEndpoint } from './webhookPresenter';
import {
  countEndpointsLocked,
  deleteEndpoint,
  endpointOf,
  endpointsOf,
  insertEndpoint,
  updateEndpoint,
  type WebhookEndpointRow,
} from './webhookQueries';
import { checkWebhookUrl } from './webhookUrl';

/** A signing secret: `whsec_` and 32 random bytes (base64url). */
const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/**
 * The account's webhook endpoints and their delivery logs (docs/integrations.md). Every call is
 * about the caller's own account: another account's endpoint or delivery answers notFound, as
 * one that does not exist.
 */
export class WebhookService {
  constructor(
    private readonly deps: {
      db: Db;
      sealer: Sealer;
      production: boolean;
      /** Wakes the delivery worker. */
      wake: () => void;
      now?: () => number;
    },
  ) {}

  private get db(): Db {
    return this.deps.db;
  }

  private now(): Date {
    return new Date(this.deps.now?.() ?? Date.now());
  }

  private async own(userId: number, endpointId: number): Promise<WebhookEndpointRow> {
    const endpoint = await endpointOf(this.db, userId, endpointId);
    if (!endpoint) throw new ApiError('notFound');
    return endpoint;
  }

  async list(userId: number): Promise<DataOf<typeof webhook.list>> {
    return { list: (await endpointsOf(this.db, userId)).map(presentEndpoint), max: WEBHOOK_ENDPOINTS_MAX };
  }

  async add(userId: number, params: ParsedParamsOf<typeof webhook.add>): Promise<DataOf<typeof webhook.add>> {
    const url = checkWebhookUrl(params.url, this.deps.production);
    const secret = newSecret();
    const endpoint = await this.db.transaction(async (tx) => {
      if ((await countEndpointsLocked(tx, userId)) >= WEBHOOK_ENDPOINTS_MAX) {
        throw new ApiError('tooManyWebhooks', { count: WEBHOOK_ENDPOINTS_MAX });
      }
      return insertEndpoint(tx, { userId, url, events: params.events, secretSealed: this.deps.sealer.seal(secret) });
    });
    return { endpoint: presentEndpoint(endpoint), secret };
  }

  async update(userId: number, params: ParsedParamsOf<typeof webhook.update>): Promise<DataOf<typeof webhook.update>> {
    await this.own(userId, params.endpointId);
    const url = checkWebhookUrl(params.url, this.deps.production);
    const endpoint = await updateEndpoint(this.db, userId, params.endpointId, { url, events: params.events });
    if (!endpoint) throw new ApiError('notFound');
    return { endpoint: presentEndpoint(endpoint) };
  }

  async remove(userId: number, endpointId: number): Promise<void> {
    if (!(await deleteEndpoint(this.db, userId, endpointId))) throw new ApiError('notFound');
  }

  async secret(userId: number, endpointId: number): Promise<{ secret: string }> {
    const endpoint = await this.own(userId, endpointId);
    const secret = this.deps.sealer.open(endpoint.secretSealed);
    if (!secret) throw new ApiError('serverError', {}, 'webhook secret sealed under another key');
    return { secret };
  }

  async rotateSecret(userId: number, endpointId: number): Promise<{ secret: string }> {
    const secret = newSecret();
    const endpoint = await updateEndpoint(this.db, userId, endpointId, { secretSealed: this.deps.sealer.seal(secret) });
    if (!endpoint) throw new ApiError('notFound');
    return { secret };
  }

  async deliveries(
    userId: number,
    params: ParsedParamsOf<typeof webhook.deliveries>,
  ): Promise<DataOf<typeof webhook.deliveries>> {
    await this.own(userId, params.endpointId);
    const { rows, total } = await deliveriesOfEndpoint(this.db, params.endpointId, {
      offset: (params.pageNo - 1) * params.pageSize,
      limit: params.pageSize,
    });
    return { list: rows.map(presentDelivery), total };
  }

  async redeliver(userId: number, deliveryId: number): Promise<DataOf<typeof webhook.redeliver>> {
    const delivery = await webhookDeliveryOf(this.db, userId, deliveryId);
    if (!delivery) throw new ApiError('notFound');
    return { delivery: this.woken(await restartDelivery(this.db, delivery.id, this.now())) };
  }

  async sendTest(userId: number, endpointId: number): Promise<DataOf<typeof webhook.sendTest>> {
    await this.own(userId, endpointId);
    const now = this.now();
    const body: WebhookEventBody = {
      id: newEventId(),
      type: WEBHOOK_TEST_EVENT,
      createdAt: now.getTime(),
      data: { message: 'A test event from the console.' },
    };
    const [row] = await insertDeliveries(this.db, [
      {
        userId,
        endpointId,
        kind: 'webhook',
        eventId: body.id,
        eventType: body.type,
        body: JSON.stringify(body),
        nextAttemptAt: now,
      },
    ]);
    return { delivery: this.woken(row) };
  }

  private woken(row: WebhookDeliveryRow | undefined): ReturnType<typeof presentDelivery> {
    if (!row) throw new ApiError('notFound');
    this.deps.wake();
    return presentDelivery(row);
  }
}
