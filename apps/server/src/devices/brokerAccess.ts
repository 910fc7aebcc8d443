import { gatewayIdOfUsername, gatewayTopics } from '@smartlock/contract';
import { safeEqual } from '../security/crypto';

/** Decides whether a secret is a gateway's own. Knowing a MAC is never enough: secrets are random. */
export interface GatewayAuthority {
  verify(gatewayId: number, secret: string): Promise<boolean>;
}

/** The cloud's own connections: user name "cloud", client ids starting "cloud-". */
export const CLOUD_USERNAME = 'cloud';

/** Who a broker connection is: the cloud (every instance), or one gateway. */
export type BrokerIdentity = { cloud: true } | { gatewayId: number };

/** Why a connection is refused, as MQTT 3.1.1 return codes: 4 bad user name or password, 5 not authorized. */
export type Refusal = 4 | 5;

/**
 * The broker's access rules, one place for the embedded broker and for an external broker that
 * asks the service (brokerAuthRoutes): a gateway logs in as "gw-<id>" with its own secret and
 * that name as client id (so no one takes over its session); the cloud logs in as "cloud" with
 * its secret and a client id starting "cloud-".
 */
export class BrokerAccess {
  constructor(
    private readonly authority: GatewayAuthority,
    /** The cloud's broker password; none: no connection may log in as the cloud. */
    private readonly cloudSecret: string | undefined,
  ) {}

  async admit(username: string | undefined, clientId: string, password: string): Promise<BrokerIdentity | Refusal> {
    if (username === CLOUD_USERNAME) {
      if (!this.cloudSecret || !clientId.startsWith('cloud-') || !safeEqual(password, this.cloudSecret)) return 4;
      return { cloud: true };
    }
    const gatewayId = gatewayIdOfUsername(username ?? '');
    if (gatewayId === undefined || clientId !== username) return 5;
    try {
      return (await this.authority.verify(gatewayId, password)) ? { gatewayId } : 4;
    } catch {
      return 5;
    }
  }

  /** Who a user name claims to be, for the topic checks of a connection already admitted. */
  static identityOf(username: string): BrokerIdentity | undefined {
    if (username === CLOUD_USERNAME) return { cloud: true };
    const gatewayId = gatewayIdOfUsername(username);
    return gatewayId === undefined ? undefined : { gatewayId };
  }

  /** A gateway publishes only its own events and status; `$SYS` is the broker's. */
  static mayPublish(identity: BrokerIdentity | undefined, topic: string): boolean {
    if (topic.startsWith('$SYS')) return false;
    if (!identity) return false;
    if ('cloud' in identity) return true;
    const own = gatewayTopics(identity.gatewayId);
    return topic === own.events || topic === own.status;
  }

  /** A gateway subscribes to (and is sent) only its own commands. */
  static maySubscribe(identity: BrokerIdentity | undefined, topic: string): boolean {
    if (!identity) return false;
    if ('cloud' in identity) return true;
    return topic === gatewayTopics(identity.gatewayId).commands;
  }
}
