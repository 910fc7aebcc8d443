import { createServer, type Server } from 'node:net';
import { gatewayUsername } from '@smartlock/contract';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import { BrokerAccess, type BrokerIdentity, type Refusal } from './brokerAccess';

export { CLOUD_USERNAME, type GatewayAuthority } from './brokerAccess';

export interface EmbeddedBroker {
  port: number;
  aedes: Aedes;
  /** Ends a gateway's connection (it was deleted): it cannot log in again. */
  disconnect(gatewayId: number): void;
  close(): Promise<void>;
}

type Identified = Client & { smartlock?: BrokerIdentity };

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
}): Promise<EmbeddedBroker> {
  const aedes = await Aedes.createBroker();

  const { access } = options;

  aedes.authenticate = (client: Identified, username, password, callback) => {
    access.admit(username, client.id, password?.toString('utf8') ?? '').then((admitted) => {
      if (typeof admitted === 'number') return callback(refused(admitted), false);
      client.smartlock = admitted;
      callback(null, true);
    });
  };

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
  const server: Server = createServer({ noDelay: true }, aedes.handle);
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
