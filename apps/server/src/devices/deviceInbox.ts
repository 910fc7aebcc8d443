import {
  DEVICE_EVENTS,
  type Event,
  gatewayStatus,
  LIVE_TYPES,
  normalizeMac,
  type Progress,
  type Reply,
  type Signed,
  verifyMessage,
} from '@smartlock/contract';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { gateways } from '../db/schema';
import { applyGatewayStatus, lockIdsByMac } from '../domains/gateway/gatewayQueries';
import { replaceReach } from '../domains/gateway/gatewayReach';
import { applyResult, type LockChange, liveLockChange } from '../domains/lock/lockReportedState';
import type { LockRecordIntake } from '../domains/lockRecord/lockRecordIntake';
import type { RemoteOperationService } from '../domains/remoteOperation/remoteOperationService';
import type { LiveBroadcast, LiveHub } from '../live/liveHub';
import type { GatewaySecrets } from './gatewaySecrets';

const GATEWAY_TOPIC = /^gw\/([1-9][0-9]{0,15})\/(evt|status)$/;
const LIVE_TOPIC = /^cloud\/live\/([1-9][0-9]{0,15})$/;

/**
 * What the cloud takes from the broker, as the metrics count it: a gateway's status, reply,
 * progress or event (by name); a gateway message refused (unknown gateway, not JSON, too large,
 * a wrong signature); a live message from another instance.
 */
export type LinkMessageKind = GatewayMessageKind | 'live';
type EventName = keyof typeof DEVICE_EVENTS;
export type GatewayMessageKind = 'status' | 'reply' | 'progress' | EventName | 'refused';

/** Every kind of gateway message, as counted. */
export const GATEWAY_MESSAGE_KINDS: readonly GatewayMessageKind[] = [
  'status',
  'reply',
  'progress',
  ...(Object.keys(DEVICE_EVENTS) as EventName[]),
  'refused',
];

/** A live message another instance published for an account, if the topic and payload are one. */
export function liveMessageOf(topic: string, payload: Buffer): { userId: number; message: LiveBroadcast } | undefined {
  const userId = Number(LIVE_TOPIC.exec(topic)?.[1]);
  if (!userId) return undefined;
  try {
    const message = JSON.parse(payload.toString('utf8')) as Partial<LiveBroadcast>;
    return message.type && LIVE_TYPES.includes(message.type)
      ? { userId, message: message as LiveBroadcast }
      : undefined;
  } catch {
    return undefined; // not ours
  }
}

function kindOf(topicKind: string, message: Record<string, unknown>): LinkMessageKind {
  if (topicKind === 'status') return 'status';
  if (message.kind === 'reply' || message.kind === 'progress') return message.kind;
  const name = message.name;
  if (message.kind === 'event' && typeof name === 'string' && Object.hasOwn(DEVICE_EVENTS, name)) {
    return name as EventName;
  }
  return 'refused';
}

/** What the product tells of gateways' reports once stored (webhooks). */
export interface DeviceReports {
  lockChanged(ownerId: number, change: LockChange): Promise<void>;
  gatewayChanged(ownerId: number, gatewayId: number, online: boolean, wasOnline: boolean): Promise<void>;
}

/**
 * Everything the cloud hears on the broker. A gateway's message counts only when it is signed
 * with that gateway's own secret; it is then routed: status to presence, replies and progress
 * to remote operations, events to locks, records and reach. Live messages go to this instance's
 * open channels.
 */
export class DeviceInbox {
  constructor(
    private readonly deps: {
      db: Db;
      secrets: GatewaySecrets;
      operations: RemoteOperationService;
      records: LockRecordIntake;
      /** Tells a gateway the cloud has stored what one of its events carried. */
      acknowledge: (gatewayId: number, eventId: string) => Promise<void>;
      /** Told of a lock's reported battery (alerts); must not throw. */
      lockReported?: (lockId: number, battery: number) => Promise<void>;
      /** Called when a gateway comes online (work that waited for it goes out). */
      gatewayOnline?: (gatewayId: number) => Promise<void>;
      live: LiveHub;
      log: FastifyBaseLogger;
      /** Told of every message taken from the broker, by kind (the metrics). */
      onMessage?: ((kind: LinkMessageKind) => void) | undefined;
      /** Told of what gateways report, once stored (webhooks). */
      reports?: DeviceReports | undefined;
    },
  ) {}

  receive(topic: string, payload: Buffer): void {
    this.handle(topic, payload).catch((err) => this.deps.log.warn({ err, topic }, 'device message failed'));
  }

  async handle(topic: string, payload: Buffer): Promise<void> {
    if (LIVE_TOPIC.test(topic)) {
      this.deps.onMessage?.('live');
      const live = liveMessageOf(topic, payload);
      if (live) this.deps.live.receive(live.userId, live.message);
      return;
    }
    const match = GATEWAY_TOPIC.exec(topic);
    if (!match) return;
    const gatewayId = Number(match[1]);
    const message = await this.admitted(gatewayId, payload);
    this.deps.onMessage?.(message ? kindOf(match[2] as string, message) : 'refused');
    if (!message) return;
    if (match[2] === 'status') return this.onStatus(gatewayId, message);
    switch (message.kind) {
      case 'reply':
        return this.deps.operations.onReply(gatewayId, message as unknown as Reply);
      case 'progress':
        return this.deps.operations.onProgress(gatewayId, message as unknown as Progress);
      case 'event':
        return this.onEvent(gatewayId, message as unknown as Event);
    }
  }

  /** A gateway's message as it sent it, if it is one: JSON of a sensible size, signed with its secret. */
  private async admitted(gatewayId: number, payload: Buffer): Promise<Record<string, unknown> | undefined> {
    if (payload.length === 0 || payload.length > 256 * 1024) return undefined;
    const secret = await this.deps.secrets.secretOf(gatewayId);
    if (!secret) return undefined;
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload.toString('utf8'));
    } catch {
      return undefined;
    }
    const message = await this.verified(gatewayId, parsed as Signed<Record<string, unknown>>, secret);
    if (!message) this.deps.log.warn({ gatewayId }, 'gateway message with a wrong signature ignored');
    return message ? (parsed as Record<string, unknown>) : undefined;
  }

  /**
   * The message if the gateway's secret signed it. A cached secret that fails is read again
   * once: another instance may have deleted the gateway or issued it a new secret meanwhile.
   */
  private async verified(gatewayId: number, message: Signed<Record<string, unknown>>, cached: string) {
    const verified = await verifyMessage(message, cached);
    if (verified) return verified;
    const fresh = await this.deps.secrets.secretOf(gatewayId, true);
    return fresh && fresh !== cached ? verifyMessage(message, fresh) : undefined;
  }

  private async onStatus(gatewayId: number, raw: unknown): Promise<void> {
    const status = gatewayStatus.safeParse(raw);
    if (!status.success) return;
    const applied = await applyGatewayStatus(this.deps.db, gatewayId, status.data);
    if (!applied) return;
    if (!applied.online) await this.deps.operations.onGatewayOffline(gatewayId);
    else
      await this.deps.gatewayOnline?.(gatewayId).catch((error: unknown) => {
        this.deps.log.warn({ err: error, gatewayId }, 'work waiting for the gateway not sent');
      });
    await this.deps.live.publish(applied.ownerId, 'gateway', { gatewayId, isOnline: applied.online });
    await this.deps.reports?.gatewayChanged(applied.ownerId, gatewayId, applied.online === 1, applied.wasOnline);
  }

  private async onEvent(gatewayId: number, event: Event): Promise<void> {
    const [gateway] = await this.deps.db
      .select({ ownerId: gateways.ownerId })
      .from(gateways)
      .where(eq(gateways.id, gatewayId));
    if (!gateway) return;
    const lockMac = event.lockMac ? normalizeMac(event.lockMac) : undefined;
    switch (event.name) {
      case 'state': {
        const data = DEVICE_EVENTS.state.safeParse(event.data);
        if (!data.success || !lockMac) return;
        const lockId = (await lockIdsByMac(this.deps.db, gateway.ownerId, [lockMac])).get(lockMac);
        if (lockId === undefined) return;
        // The same facts a queryState reply gives: bolt, battery, barrier, switches, auto-lock.
        const change = await applyResult(this.deps.db, lockId, 'queryState', data.data, { at: event.at, by: 'event' });
        if (!change) return;
        await this.deps.live.publish(gateway.ownerId, 'lock', liveLockChange(change));
        await this.deps.reports?.lockChanged(gateway.ownerId, change);
        await this.deps.lockReported?.(lockId, change.battery);
        return;
      }
      case 'records': {
        const data = DEVICE_EVENTS.records.safeParse(event.data);
        if (!data.success || !lockMac) return;
        await this.deps.records.intake(gateway.ownerId, lockMac, data.data.records);
        // Only now, with the records committed, may the gateway forget them.
        await this.deps.acknowledge(gatewayId, event.id);
        return;
      }
      case 'reach': {
        const data = DEVICE_EVENTS.reach.safeParse(event.data);
        if (!data.success) return;
        const entries = data.data.locks.flatMap((l) => {
          const mac = normalizeMac(l.lockMac);
          return mac ? [{ mac, rssi: l.rssi }] : [];
        });
        const ids = await lockIdsByMac(
          this.deps.db,
          gateway.ownerId,
          entries.map((e) => e.mac),
        );
        await this.deps.db.transaction((tx) =>
          replaceReach(
            tx,
            gatewayId,
            gateway.ownerId,
            entries.flatMap((e) => {
              const lockId = ids.get(e.mac);
              return lockId ? [{ lockId, rssi: e.rssi }] : [];
            }),
          ),
        );
        return;
      }
    }
  }
}
