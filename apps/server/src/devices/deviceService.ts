import { type Ack, DEVICE_PROTOCOL_VERSION, gatewayTopics, signMessage } from '@smartlock/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { gatewayAuthority } from '../domains/gateway/gatewayAuthority';
import { markAllGatewaysOffline } from '../domains/gateway/gatewayQueries';
import type { LockChange } from '../domains/lock/lockReportedState';
import type { LockRecordIntake } from '../domains/lockRecord/lockRecordIntake';
import type { OperationOutcomes } from '../domains/remoteOperation/operationOutcomes';
import type { OperationRow } from '../domains/remoteOperation/remoteOperationQueries';
import { RemoteOperationService } from '../domains/remoteOperation/remoteOperationService';
import type { LiveHub } from '../live/liveHub';
import type { OperationEnd } from '../ops/metrics';
import { deriveKey, Sealer } from '../security/crypto';
import { CLOUD_USERNAME, type EmbeddedBroker, startEmbeddedBroker } from './broker';
import { BrokerAccess } from './brokerAccess';
import { DeviceInbox, type DeviceReports, type LinkMessageKind } from './deviceInbox';
import { GatewaySecrets } from './gatewaySecrets';
import { DeviceLink } from './link';
import { liveTransportOver } from './liveTransport';

const SWEEP_MS = 2000;

/** The embedded broker's port is taken: say which settings choose another or an external broker. */
export class MqttPortInUseError extends Error {
  constructor(readonly port: number) {
    super(
      `MQTT port ${port} is already in use. Start with another one (e.g. MQTT_PORT=1884 npm start) ` +
        'or use a broker that is already running (e.g. MQTT_URL=mqtt://127.0.0.1:1883 npm start).',
    );
  }
}

export interface Devices {
  secrets: GatewaySecrets;
  operations: RemoteOperationService;
  /** The embedded broker, unless MQTT_URL names an external one. */
  broker: EmbeddedBroker | undefined;
  /** Where gateways connect. */
  brokerUrl: string;
  link: DeviceLink;
  /** Who may use the broker and how: the rules an external broker asks about (brokerAuthRoutes). */
  access: BrokerAccess;
  /** Registers work to do whenever a gateway comes online. */
  whenGatewayOnline(listener: (gatewayId: number) => Promise<void>): void;
  close(): Promise<void>;
}

/**
 * The device side of the server: the broker (embedded, or external through MQTT_URL), the
 * cloud's connection to it, remote operations and what gateways report.
 */
export async function startDevices(options: {
  config: Config;
  rootSecret: string;
  db: Db;
  live: LiveHub;
  /** Where the records gateways send are stored. */
  records: LockRecordIntake;
  log: FastifyBaseLogger;
  /** How each device command's operation ends, from the domain it is for. */
  outcomes: OperationOutcomes;
  /** Told of every remote operation that ends (the metrics). */
  onOperationEnded?: (end: OperationEnd) => void;
  /** Told of every message this instance takes from the broker, by kind (the metrics). */
  onMessage?: (kind: LinkMessageKind) => void;
  /** Told of a lock's battery a gateway reported (alerts). */
  lockReported?: (lockId: number, battery: number) => Promise<void>;
  /** Told of what devices report and of operations that end, once stored (webhooks). */
  reports?: DeviceReports & {
    operationEnded(row: OperationRow, change: LockChange | undefined): Promise<void>;
  };
}): Promise<Devices> {
  const { config, db, live, log } = options;
  const secrets = new GatewaySecrets(db, new Sealer(deriveKey(options.rootSecret, 'gateway-secrets')));
  let link: DeviceLink | undefined;
  const operations = new RemoteOperationService(
    db,
    secrets,
    live,
    () => link,
    config.REMOTE_OPERATION_SECONDS * 1000,
    options.outcomes,
    options.onOperationEnded,
    options.reports ? (row, change) => options.reports?.operationEnded(row, change) ?? Promise.resolve() : undefined,
  );
  const onlineListeners: ((gatewayId: number) => Promise<void>)[] = [];
  const inbox = new DeviceInbox({
    db,
    secrets,
    operations,
    records: options.records,
    live,
    log,
    onMessage: options.onMessage,
    reports: options.reports,
    ...(options.lockReported ? { lockReported: options.lockReported } : {}),
    acknowledge: async (gatewayId, eventId) => {
      const secret = await secrets.secretOf(gatewayId);
      if (!secret || !link) return;
      const ack: Ack = { v: DEVICE_PROTOCOL_VERSION, kind: 'ack', id: eventId, at: Date.now() };
      await link.publish(gatewayTopics(gatewayId).commands, await signMessage(ack, secret), { expirySeconds: 60 });
    },
    gatewayOnline: async (gatewayId) => {
      for (const listener of onlineListeners) await listener(gatewayId);
    },
  });

  let broker: EmbeddedBroker | undefined;
  let url = '';
  let credentials: { username?: string; password?: string };
  if (config.MQTT_URL) {
    const parsed = new URL(config.MQTT_URL);
    credentials = {
      username: decodeURIComponent(parsed.username) || undefined,
      password: decodeURIComponent(parsed.password) || undefined,
    };
    parsed.username = '';
    parsed.password = '';
    url = parsed.toString();
  } else {
    credentials = { username: CLOUD_USERNAME, password: deriveKey(options.rootSecret, 'mqtt-cloud').toString('hex') };
  }
  // One set of rules: the embedded broker's, or the ones an external broker asks about. The cloud's
  // password is the one it logs in with: MQTT_URL's, or the embedded broker's derived one.
  const access = new BrokerAccess(gatewayAuthority(db), credentials.password);
  if (!config.MQTT_URL) {
    await markAllGatewaysOffline(db);
    broker = await startEmbeddedBroker({ port: config.MQTT_PORT, host: config.MQTT_HOST, access, log }).catch(
      (error: unknown) => {
        if ((error as { code?: string }).code === 'EADDRINUSE') throw new MqttPortInUseError(config.MQTT_PORT);
        throw error;
      },
    );
    url = `mqtt://127.0.0.1:${broker.port}`;
  }
  try {
    link = await DeviceLink.connect(url, credentials, (topic, payload) => inbox.receive(topic, payload), {
      shareGroup: config.MQTT_SHARE_GROUP,
    });
  } catch (error) {
    await broker?.close();
    throw error;
  }
  const connected = link;
  log.info(
    connected.shareGroup
      ? `gateway events shared with the other instances in the group "${connected.shareGroup}"`
      : 'gateway events: this instance hears every one (the broker offers no shared subscriptions)',
  );
  // Other instances share only an external broker (the embedded one is one per process, and so
  // is the instance): with the embedded broker there is no one else to tell.
  if (config.MQTT_URL) live.useTransport(liveTransportOver(connected));

  const sweeper = setInterval(() => {
    operations.sweep().catch((err) => log.warn({ err }, 'remote operation sweep failed'));
  }, SWEEP_MS);
  sweeper.unref();

  return {
    secrets,
    operations,
    broker,
    brokerUrl: config.MQTT_URL ? url : `mqtt://localhost:${broker?.port}`,
    link: connected,
    access,
    whenGatewayOnline(listener) {
      onlineListeners.push(listener);
    },
    async close() {
      clearInterval(sweeper);
      operations.close();
      live.closeAll();
      await connected.close();
      await broker?.close();
    },
  };
}
