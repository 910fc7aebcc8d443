/**
 * Test support: the server's real embedded broker (imported by path, for tests only) with a
 * gateway authority that knows every test gateway's secret, on a free port of 127.0.0.1.
 */
import { type EmbeddedBroker, startEmbeddedBroker } from '../../../server/src/devices/broker';
import { BrokerAccess } from '../../../server/src/devices/brokerAccess';

export const CLOUD_SECRET = 'test-cloud-secret-0123456789abcdef';

/** Each test gateway's secret: derived from its id, so tests can make up gateways freely. */
export function testSecret(gatewayId: number): string {
  return `test-gateway-secret-${gatewayId}-0123456789`;
}

let nextGatewayId = 1000 + Math.floor(Math.random() * 1000) * 1000;

/** A gateway id no other test used (the broker keeps sessions and retained statuses per id). */
export function freshGatewayId(): number {
  return nextGatewayId++;
}

export interface TestBroker {
  broker: EmbeddedBroker;
  url: string;
}

export async function startTestBroker(): Promise<TestBroker> {
  const broker = await startEmbeddedBroker({
    port: 0,
    host: '127.0.0.1',
    access: new BrokerAccess(
      { verify: async (gatewayId: number, secret: string) => secret === testSecret(gatewayId) },
      CLOUD_SECRET,
    ),
  });
  return { broker, url: `mqtt://127.0.0.1:${broker.port}` };
}
