import { lookup } from 'node:dns/promises';
import type { Db } from '../../db/client';
import type { Sealer } from '../../security/crypto';
import type { DeliveryKind } from './deliveryKinds';
import { endpointById } from './webhookQueries';
import { EVENT_HEADER, EVENT_ID_HEADER, SIGNATURE_HEADER, signDelivery } from './webhookSignature';
import { isLocalHost } from './webhookUrl';

/** In production, whether a host name leads to this machine or a private network (refused). */
async function resolvesToLocal(hostname: string): Promise<boolean> {
  try {
    const addresses = await lookup(hostname.replace(/^\[|\]$/g, ''), { all: true });
    return addresses.some((a) => isLocalHost(a.address));
  } catch {
    return false; // unresolved: the try fails on its own
  }
}

/**
 * Webhook deliveries: the event's JSON POSTed to the endpoint's address as it is now, signed
 * with its secret as it is now (a rotated secret signs the next try); taken on any 2xx.
 */
export function webhookKind(db: Db, sealer: Sealer, production: boolean): DeliveryKind {
  return {
    async prepare(row, now) {
      const endpoint = row.endpointId === null ? undefined : await endpointById(db, row.endpointId);
      if (!endpoint) return { gone: 'endpoint deleted' };
      const secret = sealer.open(endpoint.secretSealed);
      // A try this instance cannot sign (its SECRET_KEY is not the others'): failed, tried again.
      if (!secret) throw new Error('the secret cannot be opened here: SECRET_KEY differs between instances');
      if (production && (await resolvesToLocal(new URL(endpoint.url).hostname))) {
        return { gone: 'address leads to a private network' };
      }
      return {
        url: endpoint.url,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Smartlock-Webhooks/1',
          [SIGNATURE_HEADER]: signDelivery(secret, row.body, Math.floor(now / 1000)),
          [EVENT_ID_HEADER]: row.eventId,
          [EVENT_HEADER]: row.eventType,
        },
        taken: (status) => status >= 200 && status < 300,
      };
    },
  };
}
