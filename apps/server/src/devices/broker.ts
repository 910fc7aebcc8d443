import { createServer, type Server } from 'node:net';
import { gatewayIdOfUsername, gatewayTopics, gatewayUsername } from '@smartlock/contract';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import { safeEqual } from '../security/crypto';

/** Decides whether a secret is a gateway's own. Knowing a MAC is never enough: secrets are random. */
export interface GatewayAuthority {
  verify(gatewayId: number, secret: string): Promise<boolean>;
}

/** The cloud's own connections: user name "cloud", client ids starting "cloud-". */
export const CLOUD_USERNAME = 'cloud';

export interface EmbeddedBroker {
  port: number;
  aedes: Aedes;
  /** Ends a gateway's connection (it was deleted): it cannot log in again. */
  disconnect(gatewayId: number): void;
  close(): Promise<void>;
}

type Identified = Client & { smartlock?: { gatewayId?: number; cloud?: boolean } };

function refused(code: 4 | 5): AuthenticateError {
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
  authority: GatewayAuthority;
  cloudSecret: string;
}): Promise<EmbeddedBroker> {
  const aedes = await Aedes.createBroker();

  aedes.authenticate = (client: Identified, username, password, callback) => {
    const secret = password?.toString('utf8') ?? '';
    if (username === CLOUD_USERNAME) {
      if (!client.id.startsWith('cloud-') || !safeEqual(secret, options.cloudSecret))
        return callback(refused(4), false);
      client.smartlock = { cloud: true };
      return callback(null, true);
    }
    const gatewayId = gatewayIdOfUsername(username);
    if (gatewayId === undefined || client.id !== username) return callback(refused(5), false);
    options.authority.verify(gatewayId, secret).then(
      (ok) => {
        if (!ok) return callback(refused(4), false);
        client.smartlock = { gatewayId };
        callback(null, true);
      },
      () => callback(refused(5), false),
    );
  };

  aedes.authorizePublish = (client: Identified | null, packet, callback) => {
    if (packet.topic.startsWith('$SYS')) return callback(new Error('$SYS is reserved'));
    if (client === null || client.smartlock?.cloud) return callback(null);
    const id = client.smartlock?.gatewayId;
    if (id === undefined) return callback(new Error('not identified'));
    const own = gatewayTopics(id);
    if (packet.topic === own.events || packet.topic === own.status) return callback(null);
    callback(new Error(`gateway ${id} may not publish to ${packet.topic}`));
  };

  aedes.authorizeSubscribe = (client: Identified, subscription, callback) => {
    if (client.smartlock?.cloud) return callback(null, subscription);
    const id = client.smartlock?.gatewayId;
    if (id !== undefined && subscription.topic === gatewayTopics(id).commands) return callback(null, subscription);
    callback(null, null);
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
