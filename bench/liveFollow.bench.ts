/**
 * Live messages between server instances: three instances (each the product's live hub on its
 * own device link, wired as the server wires them: devices/liveTransport.ts) on one broker, 1,000
 * accounts each with a live channel open on one of the instances (in turn), 5 live messages per
 * account published by the instances in turn (as whichever instance wins a change publishes it).
 * Figures:
 * - broker messages received per instance: each follows only the accounts it has channels for,
 *   so it receives about a third of them (exactly its accounts' messages);
 * - the reference, measured in the same run: three connections subscribed as every instance was
 *   before (`cloud/live/+`), each receiving every message; and the ratio of the two, goal at most
 *   1/3 + 1 % (an instance receives its own accounts' messages, no more);
 * - every channel hears each of its account's messages once.
 * Run: npm run bench -w @smartlock/bench -- liveFollow
 *      MQTT_URL=mqtt://127.0.0.1:1883 npm run bench -w @smartlock/bench -- liveFollow
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { startEmbeddedBroker } from '@smartlock/server/src/devices/broker';
import { BrokerAccess, CLOUD_USERNAME } from '@smartlock/server/src/devices/brokerAccess';
import { liveMessageOf } from '@smartlock/server/src/devices/deviceInbox';
import { DeviceLink } from '@smartlock/server/src/devices/link';
import { liveTransportOver } from '@smartlock/server/src/devices/liveTransport';
import { LiveHub } from '@smartlock/server/src/live/liveHub';
import mqtt from 'mqtt';
import { saveResults } from './results';

const INSTANCES = 3;
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 1000);
const MESSAGES_PER_ACCOUNT = Number(process.env.BENCH_MESSAGES_PER_ACCOUNT ?? 5);
const MQTT_URL = process.env.MQTT_URL || process.env.TEST_MQTT_URL || undefined;
/** Account ids of this run: far from any a product's database hands out, on a shared broker. */
const FIRST_ACCOUNT = 700_000_000 + Math.floor(Math.random() * 100_000_000);
const WAIT_MS = 60_000;
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 100);
const SHARE = 1 / INSTANCES;
const RATIO_GOAL = SHARE + 0.01;

const ours = (userId: number) => userId >= FIRST_ACCOUNT && userId < FIRST_ACCOUNT + ACCOUNTS;
const accountOf = (i: number) => FIRST_ACCOUNT + i;
/** Which instance serves the account's channel. */
const servedBy = (i: number) => i % INSTANCES;

async function waitFor(check: () => boolean, what: () => string): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not reached in ${WAIT_MS / 1000} s: ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const cloudSecret = randomBytes(16).toString('hex');
const broker = MQTT_URL
  ? undefined
  : await startEmbeddedBroker({
      port: 0,
      host: '127.0.0.1',
      access: new BrokerAccess({ verify: async () => false }, cloudSecret),
    });
const url = MQTT_URL ?? `mqtt://127.0.0.1:${broker?.port}`;
const credentials = { username: CLOUD_USERNAME, password: cloudSecret };

// The reference: connections subscribed as every instance was before, to every account's topic.
const before = await Promise.all(
  Array.from({ length: INSTANCES }, async () => {
    const client = await mqtt.connectAsync(url, {
      ...credentials,
      clientId: `cloud-${randomBytes(6).toString('hex')}`,
    });
    const tally = { received: 0 };
    client.on('message', (topic, payload) => {
      const live = liveMessageOf(topic, payload);
      if (live && ours(live.userId)) tally.received++;
    });
    await client.subscribeAsync('cloud/live/+', { qos: 1 });
    return { client, tally };
  }),
);

// The instances: a live hub each, on its own device link (as startDevices wires them).
const instances = await Promise.all(
  Array.from({ length: INSTANCES }, async () => {
    const hub = new LiveHub();
    const tally = { received: 0 };
    const link = await DeviceLink.connect(url, credentials, (topic, payload) => {
      const live = liveMessageOf(topic, payload);
      if (!live || !ours(live.userId)) return;
      tally.received++;
      hub.receive(live.userId, live.message);
    });
    hub.useTransport(liveTransportOver(link));
    return { hub, link, tally, accounts: 0 };
  }),
);

// One channel per account, on the instance serving it; each counts what it hears.
const heard = new Map<number, number>();
const opened = performance.now();
await Promise.all(
  Array.from({ length: ACCOUNTS }, async (_, i) => {
    const instance = instances[servedBy(i)] as (typeof instances)[number];
    instance.accounts++;
    const userId = accountOf(i);
    await instance.hub.add({
      userId,
      send: () => heard.set(userId, (heard.get(userId) ?? 0) + 1),
      close: () => undefined,
    }).ready;
  }),
);
const openMs = performance.now() - opened;

// IN_FLIGHT publishes at a time (a broker queues at most so many for a slow subscriber).
const total = ACCOUNTS * MESSAGES_PER_ACCOUNT;
const published = performance.now();
let next = 0;
await Promise.all(
  Array.from({ length: IN_FLIGHT }, async () => {
    while (next < total) {
      const n = next++;
      const i = n % ACCOUNTS;
      const m = Math.floor(n / ACCOUNTS);
      const instance = instances[(i + m) % INSTANCES] as (typeof instances)[number];
      await instance.hub.publish(accountOf(i), 'records', { lockId: i + 1, count: m + 1 });
    }
  }),
);
const expected = instances.map((instance) => instance.accounts * MESSAGES_PER_ACCOUNT);
await waitFor(
  () =>
    before.every(({ tally }) => tally.received >= total) &&
    instances.every(({ tally }, n) => tally.received >= (expected[n] as number)) &&
    [...heard.values()].reduce((a, b) => a + b, 0) >= total,
  () =>
    `every message received (instances ${instances.map(({ tally }) => tally.received).join(' / ')}, reference ${before.map(({ tally }) => tally.received).join(' / ')}, channels ${[...heard.values()].reduce((a, b) => a + b, 0)} of ${total})`,
);
const seconds = (performance.now() - published) / 1000;

const after = instances.map(({ tally }) => tally.received);
const reference = before.map(({ tally }) => tally.received);
const ratio = Math.max(...after) / Math.max(...reference);
const wrongCounts = instances.filter(({ tally }, n) => tally.received !== expected[n]).length;
const heardOnce = [...heard.values()].filter((n) => n === MESSAGES_PER_ACCOUNT).length;
console.log(
  `${ACCOUNTS} accounts, a live channel each, spread over ${INSTANCES} instances (${instances.map((i) => i.accounts).join(' / ')}; followed in ${openMs.toFixed(0)} ms); ${total} live messages published by the instances in turn, received in ${seconds.toFixed(2)} s (broker: ${MQTT_URL ?? 'embedded'})`,
);
console.log(
  `broker messages received per instance: ${after.join(' / ')} (its own accounts' messages: ${expected.join(' / ')})`,
);
console.log(`reference, every instance subscribed to cloud/live/+ as before: ${reference.join(' / ')}`);
console.log(
  `ours / reference: ${Math.max(...after)} / ${Math.max(...reference)} = ${ratio.toFixed(3)} — ${ratio <= RATIO_GOAL && wrongCounts === 0 ? 'goal met' : 'GOAL MISSED'} (at most ${RATIO_GOAL.toFixed(2)}, each instance exactly its accounts' messages)`,
);
console.log(`channels that heard each of their ${MESSAGES_PER_ACCOUNT} messages once: ${heardOnce} of ${ACCOUNTS}`);

// No database here: the engine is the broker alone.
saveResults(
  'liveFollow',
  [
    {
      figure: `live messages received per instance (${INSTANCES} instances, ${ACCOUNTS} accounts, ${total} messages)`,
      ours: String(Math.max(...after)),
      reference: `${Math.max(...reference)} (every instance on cloud/live/+)`,
      ratio,
      goal: `ratio <= ${RATIO_GOAL.toFixed(2)}`,
      met: ratio <= RATIO_GOAL && wrongCounts === 0,
    },
    {
      figure: `channels hearing each of their account's messages once (of ${ACCOUNTS})`,
      ours: String(heardOnce),
      reference: String(ACCOUNTS),
      goal: String(ACCOUNTS),
      met: heardOnce === ACCOUNTS,
    },
  ],
  MQTT_URL ? 'Mosquitto' : 'embedded broker',
);

for (const { hub, link } of instances) {
  hub.closeAll();
  await link.close();
}
for (const { client } of before) await client.endAsync(true);
await broker?.close();
if (wrongCounts > 0 || heardOnce !== ACCOUNTS) process.exit(1);
