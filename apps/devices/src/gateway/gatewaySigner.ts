import { randomUUID } from 'node:crypto';
import {
  DEVICE_PROTOCOL_VERSION,
  type DeviceEventData,
  type DeviceEventName,
  type Event,
  type GatewayStatus,
  type Progress,
  type Reply,
  type Signed,
  signMessage,
} from '@smartlock/contract';
import type { Clock } from '../clock';
import type { LockOutcome } from '../lock/outcome';

/** The gateway's WiFi, as its status tells the cloud. */
export interface Wifi {
  networkName?: string;
  /** RSSI in dBm. */
  rssi?: number;
}

/** Everything a gateway says, signed with its own secret and stamped by its own clock. */
export class GatewaySigner {
  constructor(
    private readonly secret: string,
    private readonly clock: Clock,
  ) {}

  reply(id: string, outcome: LockOutcome<Record<string, unknown>>): Promise<Signed<Reply>> {
    const reply: Reply = outcome.ok
      ? { v: DEVICE_PROTOCOL_VERSION, kind: 'reply', id, ok: true, result: outcome.result, at: this.clock.now() }
      : { v: DEVICE_PROTOCOL_VERSION, kind: 'reply', id, ok: false, error: outcome.error, at: this.clock.now() };
    return signMessage(reply, this.secret);
  }

  progress(id: string, stage: Progress['stage']): Promise<Signed<Progress>> {
    return signMessage({ v: DEVICE_PROTOCOL_VERSION, kind: 'progress', id, stage, at: this.clock.now() }, this.secret);
  }

  /** An event with an id of its own, so the cloud counts it once however often it arrives. */
  event<N extends DeviceEventName>(
    name: N,
    lockMac: string | undefined,
    data: DeviceEventData<N>,
  ): Promise<Signed<Event>> {
    const event: Event = {
      v: DEVICE_PROTOCOL_VERSION,
      kind: 'event',
      id: randomUUID(),
      name,
      ...(lockMac ? { lockMac } : {}),
      data,
      at: this.clock.now(),
    };
    return signMessage(event, this.secret);
  }

  /** Online or offline, stamped `at` (the gateway's clock when the connection began). */
  status(online: boolean, at: number, wifi: Wifi): Promise<GatewayStatus> {
    const status: Omit<GatewayStatus, 'sig'> = {
      v: 1,
      kind: 'status',
      online,
      at,
      ...(wifi.networkName ? { networkName: wifi.networkName } : {}),
      ...(wifi.rssi !== undefined ? { rssi: wifi.rssi } : {}),
    };
    return signMessage(status, this.secret);
  }
}
