import { createServer, type Server, type Socket } from 'node:net';
import { gatewayUsername } from '@smartlock/contract';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import { BrokerAccess, type BrokerIdentity, type Refusal } from './brokerAccess';
import {
  addressGroup,
  GuardedConnection,
  PACKET_LIMITS,
  type PacketLimits,
  type PacketRefusal,
  PendingLogins,
} from './connectionGuard';

export { CLOUD_USERNAME, type GatewayAuthority } from './brokerAccess';

export interface EmbeddedBroker {
  port: number;
  aedes: Aedes;
  /** Ends a gateway's connection (it was deleted): it cannot log in again. */
  disconnect(gatewayId: number): void;
  close(): Promise<void>;
}

type Identified = Client & { smartlock?: BrokerIdentity };

/** How the broker keeps anonymous connections from holding memory and sockets (docs/devices.md). */
export interface BrokerLimits extends PacketLimits {
  /** A connection whose CONNECT has not arrived by then is closed. */
  connectTimeoutMs: number;
  /** Connections from one address (an IPv6 /64) not yet logged in; the next one is closed at once. */
  pendingLoginsPerAddress: number;
}

export const BROKER_LIMITS: BrokerLimits = {
  ...PACKET_LIMITS,
  connectTimeoutMs: 5_000,
  pendingLoginsPerAddress: 10,
};

/** Where refusals are told (pino's warn fits). Never given a password or a payload. */
export interface BrokerLog {
  warn(details: Record<string, unknown>, message: string): void;
}

/** Aedes's error for a connection whose CONNECT did not come within connectTimeout. */
const CONNECT_TIMEOUT_MESSAGE = 'connect did not arrive in time';

function refused(code: Refusal): AuthenticateError {
  return Object.assign(new Error(code === 4 ? 'bad user name or password' : 'not authorized'), {
    returnCode: code,
  }) as AuthenticateError;
}

/**
 * The MQTT broker embedded in the server (Aedes, MQTT 3.1.1). Every gateway logs in as
 * "gw-<id>" with its secret and its client id equal to that name (so no one can take over its
 * session); it may subscribe only to its own command topic and publish only to its own event
 * and status topics. The cloud logs in with its own secret and reaches every gateway's topics.
 */
export async function startEmbeddedBroker(options: {
  port: number;
  host?: string;
  /** Who gets in and where: the rules an external broker asks the service about, too. */
  access: BrokerAccess;
  /** BROKER_LIMITS unless given (tests shorten the connect timeout). */
  limits?: Partial<BrokerLimits>;
  log?: BrokerLog;
}): Promise<EmbeddedBroker> {
  const limits: BrokerLimits = { ...BROKER_LIMITS, ...options.limits };
  const log: BrokerLog = options.log ?? { warn: () => {} };
  const aedes = await Aedes.createBroker({ connectTimeout: limits.connectTimeoutMs });
  const pending = new PendingLogins(limits.pendingLoginsPerAddress);

  const { access } = options;

  aedes.authenticate = (client: Identified, username, password, callback) => {
    access.admit(username, client.id, password?.toString('utf8') ?? '').then((admitted) => {
      if (typeof admitted === 'number') return callback(refused(admitted), false);
      client.smartlock = admitted;
      if (client.conn instanceof GuardedConnection) {
        pending.release(client.conn);
        client.conn.logIn();
      }
      callback(null, true);
    });
  };

  aedes.on('connectionError', (client, error) => {
    if (error.message !== CONNECT_TIMEOUT_MESSAGE) return;
    const address = client.conn instanceof GuardedConnection ? client.conn.address : undefined;
    log.warn(
      { address, reason: 'connectTimeout', timeoutMs: limits.connectTimeoutMs },
      'MQTT connection closed: no CONNECT in time',
    );
  });

  function refusedPacket(connection: GuardedConnection, refusal: PacketRefusal): void {
    // Who, once logged in (before that the client id is only what the client claims).
    const clientId =
      refusal.reason === 'packetTooLarge' && refusal.loggedIn
        ? (connection as { client?: Client }).client?.id
        : undefined;
    const message =
      refusal.reason === 'malformedLength'
        ? 'MQTT connection closed: malformed packet length'
        : refusal.loggedIn
          ? 'MQTT connection closed: packet larger than allowed'
          : 'MQTT connection closed: packet larger than allowed before login';
    log.warn({ address: connection.address, ...(clientId ? { clientId } : {}), ...refusal }, message);
  }

  function accept(socket: Socket): void {
    const address = socket.remoteAddress;
    const group = addressGroup(address);
    if (pending.full(group)) {
      log.warn(
        { address, reason: 'tooManyPendingLogins', pendingLimit: limits.pendingLoginsPerAddress },
        'MQTT connection closed: too many connections from this address waiting to log in',
      );
      socket.destroy();
      return;
    }
    const connection = new GuardedConnection(socket, limits, (refusal) => refusedPacket(connection, refusal));
    pending.add(connection, group);
    connection.once('close', () => pending.release(connection));
    aedes.handle(connection);
  }

  aedes.authorizePublish = (client: Identified | null, packet, callback) => {
    // The broker's own messages (a gateway's last will is the gateway's) pass.
    if (client === null && !packet.topic.startsWith('$SYS')) return callback(null);
    if (BrokerAccess.mayPublish(client?.smartlock, packet.topic)) return callback(null);
    callback(new Error(`not allowed to publish to ${packet.topic}`));
  };

  aedes.authorizeSubscribe = (client: Identified, subscription, callback) => {
    callback(null, BrokerAccess.maySubscribe(client.smartlock, subscription.topic) ? subscription : null);
  };

  // Gateways never read what others publish: forwarding only to subscriptions granted above.
  // No Nagle delay: commands and replies are small packets that must go out at once.
  const server: Server = createServer({ noDelay: true }, accept);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '0.0.0.0', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : options.port,
    aedes,
    disconnect(gatewayId) {
      const client = (aedes as unknown as { clients: Record<string, Client | undefined> }).clients[
        gatewayUsername(gatewayId)
      ];
      client?.close();
    },
    close: () =>
      new Promise<void>((resolve) => {
        aedes.close(() => server.close(() => resolve()));
      }),
  };
}
