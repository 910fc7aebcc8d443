import { afterAll, beforeAll } from 'vitest';
import type { Gateway } from '../gateway/gateway';
import { startTestBroker, type TestBroker } from './testBroker';
import { TestCloud } from './testCloud';

/**
 * For a test file of gateways: an embedded broker and a cloud listening on it, started before
 * the file's tests and closed after them with every gateway the tests put in `running`.
 */
export function gatewaySuite(): { env: TestBroker; cloud: TestCloud; running: Gateway[] } {
  const suite = { running: [] as Gateway[] } as { env: TestBroker; cloud: TestCloud; running: Gateway[] };
  beforeAll(async () => {
    suite.env = await startTestBroker();
    suite.cloud = await TestCloud.connect(suite.env.url);
  });
  afterAll(async () => {
    for (const gateway of suite.running) gateway.terminate();
    await suite.cloud?.close();
    await suite.env?.broker.close();
  });
  return suite;
}
